import { lazy } from 'react';

/*
 * The profile's tools for its owner, an admin or a signed-in visitor: each loads when first shown,
 * so a visitor's first load of a profile has none of them, nor zod, the upload library or the
 * dialog they bring (decision 0372). Each use sits in a Suspense boundary.
 */
export const ClaimDialog = lazy(async () => ({ default: (await import('./claim-dialog')).ClaimDialog }));
export const ImageUploadButton = lazy(async () => ({ default: (await import('./image-upload')).ImageUploadButton }));
export const HeaderEditor = lazy(async () => ({ default: (await import('./profile-editors')).HeaderEditor }));
export const LocationEditor = lazy(async () => ({ default: (await import('./profile-editors')).LocationEditor }));
export const RadiusEditor = lazy(async () => ({ default: (await import('./profile-editors')).RadiusEditor }));
export const ContactForm = lazy(async () => ({ default: (await import('./contact-form')).ContactForm }));
export const ProviderListEditor = lazy(async () => ({ default: (await import('./profile-section-editors')).ProviderListEditor }));
export const DescriptionEditor = lazy(async () => ({ default: (await import('./profile-section-editors')).DescriptionEditor }));
export const OptionsEditor = lazy(async () => ({ default: (await import('./profile-section-editors')).OptionsEditor }));
