import { Suspense, type ReactNode } from 'react';
import type { Provider } from '@solar/shared/contracts/providers';
import { PHASES, PROVIDER_MESSAGES as M, SCALES, TECHNOLOGIES } from '@solar/shared/constants/providers';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { sectionProps, type ProfileEditor } from '../state/use-profile-editor';
import { DescriptionEditor, OptionsEditor, ProviderListEditor } from './profile-lazy-parts';
import { ChipsView, SectionCard } from './profile-sections';

/** The detail sections of a profile, in the order they are shown. */
const DETAILS = [
  { key: 'services', title: 'Services' },
  { key: 'technologies', title: 'Technologies' },
  { key: 'scale', title: 'Scale' },
  { key: 'phase', title: 'Phase' },
  { key: 'certifications', title: 'Certifications' },
  { key: 'industryAssociations', title: 'Industry Associations' },
] as const;
type DetailKey = (typeof DETAILS)[number]['key'];

/**
 * What the provider does (docs/product/providers.md#profile): Services, About, the three option
 * lists, certifications and associations, each a card its editor opens in. `sparse`: an unclaimed
 * profile shows only what it has (decision 0369). Anyone who cannot edit reads the empty detail
 * sections of a claimed profile in one card, not six 'Not specified' ones; editors keep each card to
 * fill in (decision 0535). Services comes first below lg, before the company checks (the page's layout).
 */
export function ProfileDetails({ provider, editor, sparse }: { provider: Provider; editor: ProfileEditor; sparse: boolean }) {
  const shown = (hasContent: boolean) => !sparse || hasContent;
  const detail = (key: DetailKey) => provider[key].length > 0 || editor.canEdit;
  const notGiven = sparse ? [] : DETAILS.filter((d) => !detail(d.key));

  /** A card of chips; its editor, when open, loads on first use. */
  const chipsSection = (key: DetailKey, title: string, openEditor: () => ReactNode, className?: string) =>
    shown(provider[key].length > 0) &&
    detail(key) && (
      <SectionCard title={title} className={className} {...sectionProps(editor, key)}>
        {editor.editing === key ? <Suspense fallback={null}>{openEditor()}</Suspense> : <ChipsView values={provider[key]} />}
      </SectionCard>
    );

  const listSection = (key: 'services' | 'certifications' | 'industryAssociations', title: string, className?: string) =>
    chipsSection(
      key,
      title,
      () => (
        <ProviderListEditor
          listKey={key}
          id={`edit-${key}`}
          label={title}
          initial={provider[key]}
          saving={editor.saving}
          onSave={(values) => editor.save({ [key]: values })}
        />
      ),
      className,
    );

  const optionSection = (key: 'technologies' | 'scale' | 'phase', title: string, options: readonly string[]) =>
    chipsSection(key, title, () => (
      <OptionsEditor label={title} options={options} initial={provider[key]} saving={editor.saving} onSave={(values) => editor.save({ [key]: values })} />
    ));

  return (
    <>
      {listSection('services', 'Services', 'max-lg:-order-3')}
      {shown(Boolean(provider.description)) && (
        <SectionCard title="About" {...sectionProps(editor, 'description')}>
          {editor.editing === 'description' ? (
            <Suspense fallback={null}>
              <DescriptionEditor
                id="edit-description"
                label="About"
                initial={provider.description}
                saving={editor.saving}
                onSave={(value) => editor.save({ description: value }, { success: M.descriptionUpdated })}
              />
            </Suspense>
          ) : provider.description ? (
            <p className="whitespace-pre-line text-sm leading-relaxed text-slate-800">{provider.description}</p>
          ) : (
            <p className="text-sm text-muted-foreground">No description yet</p>
          )}
        </SectionCard>
      )}
      {optionSection('technologies', 'Technologies', TECHNOLOGIES)}
      {optionSection('scale', 'Scale', SCALES)}
      {optionSection('phase', 'Phase', PHASES)}
      {listSection('certifications', 'Certifications')}
      {listSection('industryAssociations', 'Industry Associations')}
      {notGiven.length > 0 && (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-lg">{M.notGivenTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">{M.notGiven(notGiven.map((d) => d.title.toLowerCase()))}</p>
          </CardContent>
        </Card>
      )}
    </>
  );
}
