import { AuthProvider } from '../auth/auth-provider.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { AppProviders } from './app-providers.tsx';
import { AppShell } from './app-shell.tsx';

export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary>
        <AuthProvider>
          <AppShell />
        </AuthProvider>
      </AppErrorBoundary>
    </AppProviders>
  );
}
