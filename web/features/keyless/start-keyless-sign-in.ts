let starting: Promise<void> | null = null;

/**
 * Starts a keyless (Google-style) sign-in and leaves for the provider. Cheap to import anywhere: the
 * Aptos SDK and the rest load only when this is called. A second call while one is under way joins
 * it, so a double click cannot store one ephemeral key and send the provider another one's nonce.
 */
export const startKeylessSignIn = (): Promise<void> => {
  starting ??= import('./begin-sign-in')
    .then(({ beginKeylessSignIn }) => beginKeylessSignIn())
    .finally(() => {
      starting = null;
    });
  return starting;
};
