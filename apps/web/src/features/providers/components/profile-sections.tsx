import type { ReactNode } from 'react';
import { Pencil, X } from '../../../components/ui/icons';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/** A profile section card with an edit toggle for owners and admins (docs/product/providers.md#profile-editing). */
export function SectionCard({
  title,
  canEdit,
  editing,
  onEdit,
  onCancel,
  children,
  className,
}: {
  title: string;
  canEdit: boolean;
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader className="flex-row items-center justify-between space-y-0 pb-3">
        <CardTitle className="text-lg">{title}</CardTitle>
        {canEdit &&
          (editing ? (
            <Button size="sm" variant="ghost" onClick={onCancel} aria-label={`Cancel editing ${title}`}>
              <X className="h-4 w-4" aria-hidden />
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${title}`}>
              <Pencil className="h-4 w-4" aria-hidden />
            </Button>
          ))}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function ChipsView({ values, empty = 'Not specified' }: { values: readonly string[]; empty?: string }) {
  if (values.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {values.map((v) => (
        <li key={v} className="min-w-0 max-w-full">
          <Badge variant="outline" className="max-w-full [overflow-wrap:anywhere]">
            {v}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
