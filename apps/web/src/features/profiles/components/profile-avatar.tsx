import { Avatar } from '@mantine/core';

/** One of the 19 avatars shipped with the app, or the neutral one. */
export function ProfileAvatar({ name, size = 56, alt }: { name: string | null; size?: number; alt: string }) {
  return <Avatar src={`/avatars/${name ?? 'neutral'}.svg`} alt={alt} size={size} radius="xl" />;
}
