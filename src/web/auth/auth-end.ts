// The redirect page for MSAL's popups, silent frames and redirects: it hands the identity provider's answer to
// the page that asked, then closes or navigates back. A page of its own so that it loads fast and runs no app.
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

broadcastResponseToMainFrame().catch((error: unknown) => {
  const status = document.getElementById('status');
  if (status) status.textContent = `Signing in did not finish: ${error instanceof Error ? error.message : String(error)}. Close this window and try again.`;
});
