/*
 * Opens the app's one login dialog (login-dialog-host.tsx, in the layout) from anywhere: the top
 * bar's Sign In and the Sign In of a 'Please log in' toast open the same one, so two requests
 * never stack two dialogs. This part is in home's first JS; the host loads just after it.
 */

let show: ((open: boolean) => void) | undefined;
let asked = false;

/** Opens the login dialog; asked before the host is there, it opens as the host arrives. */
export function openLoginDialog(): void {
  if (show) show(true);
  else asked = true;
}

/** The host's side: how to open it, and whether it was asked for before the host was there. */
export function attachLoginDialog(open: (open: boolean) => void): boolean {
  show = open;
  return asked;
}
