import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { optionalLazy } from '../../ui/optional-lazy';
import { ToastRegion } from '../../ui/toast-region';
import { RegistrationGate } from '../profile-wizard/registration-gate';
import { UpdatePrompt } from '../pwa/update-prompt';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';

/** The shared layout (accounts spec §2): top bar, sidebar, page, banners and toasts. */
// Loads just after the entry: home's initial JS budget (DESIGN.md §10) has no room for it.
const LoginDialogHost = optionalLazy(() =>
  import('../auth/login-dialog-host').then((module) => module.LoginDialogHost),
);

export function AppLayout() {
  const sidebar = useSidebar();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar sidebarExpanded={sidebar.expanded} onToggleSidebar={sidebar.toggle} />
      <div className="app-body" data-sidebar={sidebar.expanded ? 'expanded' : 'collapsed'}>
        <Sidebar expanded={sidebar.expanded} onNavigate={sidebar.closeOnNarrow} />
        <main id="main" className="main" tabIndex={-1}>
          <OfflineBanner />
          <Outlet />
        </main>
      </div>
      <UpdatePrompt />
      <RegistrationGate />
      <Suspense fallback={null}>
        <LoginDialogHost />
      </Suspense>
      <ToastRegion />
    </div>
  );
}
