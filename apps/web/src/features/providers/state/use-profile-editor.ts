import { useState } from 'react';
import type { UpdateProviderInput } from '@solar/shared/contracts/providers';
import { COUNTRYWIDE_RADIUS, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { toast } from '../../../components/ui/toast-store';
import { useUpdatePlace, useUpdateProvider } from '../api/provider-mutations';

/** The profile's sections an owner or an admin edits, one at a time (docs/product/providers.md#profile-editing). */
export type ProfileSection = 'businessName' | 'description' | DetailSection | 'location' | 'serviceRadius' | 'contact';
/** The sections that are lists of chips. */
export type DetailSection = 'services' | 'technologies' | 'scale' | 'phase' | 'certifications' | 'industryAssociations';

export interface SaveOptions {
  /** The success toast's text; 'Details updated' unless given. */
  success?: string;
  /** The error toast's text when the server gave none. */
  failure?: string;
  /** Keep the editor open (the radius slider saves as it moves). */
  keepOpen?: boolean;
  /** The chosen place's point, passed on to the place update after a location change. */
  locationCenter?: [number, number];
}

/** What the profile's section cards share: which one is open, whether the viewer may edit, and saving. */
export interface ProfileEditor {
  canEdit: boolean;
  editing: ProfileSection | null;
  saving: boolean;
  open(section: ProfileSection): void;
  close(): void;
  save(changes: UpdateProviderInput, options?: SaveOptions): void;
  saveRadius(radius: number): void;
}

/** The open-and-close props of one section's card (`SectionCard`, `ContactCard`). */
export const sectionProps = (editor: ProfileEditor, section: ProfileSection) => ({
  canEdit: editor.canEdit,
  editing: editor.editing === section,
  onEdit: () => editor.open(section),
  onCancel: () => editor.close(),
});

/** The profile's editing state and its optimistic saves; `canEdit` is the viewer's, known once the profile has loaded. */
export function useProfileEditor(id: string): Omit<ProfileEditor, 'canEdit'> {
  const update = useUpdateProvider(id);
  const place = useUpdatePlace(id);
  const [editing, setEditing] = useState<ProfileSection | null>(null);

  /**
   * Saves one section optimistically (docs/product/providers.md#profile-editing, decision 0369): the editor closes and the
   * profile shows the change at once; a failure puts the old values back and says why in the error toast.
   */
  const save = (changes: UpdateProviderInput, { success = M.detailsUpdated, failure = M.updateFailed, keepOpen = false, locationCenter }: SaveOptions = {}) => {
    if (!keepOpen) setEditing(null);
    update.mutate(changes, {
      onSuccess: (saved) => {
        toast({ title: 'Success', description: success, variant: 'success' });
        if (changes.location !== undefined) {
          place.mutate({ location: saved.location, businessName: saved.businessName, locationCenter });
        }
      },
      onError: (error) => toast({ title: 'Error', description: error.message || failure, variant: 'destructive' }),
    });
  };

  const saveRadius = (radius: number) =>
    save(
      { serviceRadius: radius },
      {
        success: radius === COUNTRYWIDE_RADIUS ? M.countrywide : radius === 0 ? M.countrywideOff : M.radiusUpdated(radius),
        failure: M.radiusFailed,
        keepOpen: true,
      },
    );

  return { editing, saving: update.isPending, open: setEditing, close: () => setEditing(null), save, saveRadius };
}
