import { AuthProvider } from '../auth/auth-provider.tsx';
import { AppProviders } from './app-providers.tsx';
import { AppShell } from './app-shell.tsx';

export function App() {
  return (
    <AppProviders>
      <AuthProvider>
        <AppShell />
      </AuthProvider>
    </AppProviders>
  );
}
