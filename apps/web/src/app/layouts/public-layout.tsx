import { Outlet } from 'react-router';
import { SiteShell } from '../../features/site/components/site-shell.tsx';

/** Frame of every public page; built without Mantine so the first load of public pages stays small. */
export function PublicLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
