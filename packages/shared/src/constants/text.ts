/** Rules on text that other people see (decision 0338). */
export const TEXT_MESSAGES = {
  invisibleCharacters: (field: string) =>
    `${field} must not contain invisible or control characters (such as text direction overrides or zero-width spaces)`,
} as const;
