/** Rules on text that other people see (decision 0338). */
export const TEXT_MESSAGES = {
  invisibleCharacters: (field: string) =>
    `${field} must not contain invisible or control characters (such as text direction overrides or zero-width spaces)`,
} as const;

/**
 * What a refused form field says (decision 0365): written for the person at the form, naming the
 * field, never a validator's text with a path ('services.0: Too big: …').
 */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max.toLocaleString('en-GB')} characters`,
  tooShort: (label: string, min: number) => `${label} must be at least ${min.toLocaleString('en-GB')} characters`,
  eachTooLong: (item: string, max: number) => `Each ${item} can be at most ${max.toLocaleString('en-GB')} characters`,
  tooMany: (plural: string, max: number) => `You can list at most ${max.toLocaleString('en-GB')} ${plural}`,
  notText: (label: string) => `${label} must be text`,
  notList: (label: string) => `${label} must be a list`,
  notNumber: (label: string) => `${label} must be a number`,
  tooBig: (label: string, max: number, unit = '') => `${label} can be at most ${max.toLocaleString('en-GB')}${unit}`,
  tooSmall: (label: string, min: number, unit = '') => `${label} must be at least ${min.toLocaleString('en-GB')}${unit}`,
  invalid: (label: string) => `${label} is not valid`,
} as const;
