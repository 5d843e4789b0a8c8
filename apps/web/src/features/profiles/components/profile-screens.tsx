import { ProfileListPage } from './profile-list-page.tsx';
import { ProfilePage } from './profile-page.tsx';

/** The profile screens of each shell, as the route table names them. */
export const OwnerProfilesScreen = () => <ProfileListPage shell="owner" />;
export const OwnerProfileScreen = () => <ProfilePage shell="owner" />;
export const OwnerMobileProfilesScreen = () => <ProfileListPage shell="ownerMobile" />;
export const OwnerMobileProfileScreen = () => <ProfilePage shell="ownerMobile" />;
export const LoveMobileProfilesScreen = () => <ProfileListPage shell="loveMobile" />;
export const LoveMobileProfileScreen = () => <ProfilePage shell="loveMobile" />;
