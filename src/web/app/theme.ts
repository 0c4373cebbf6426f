import { Badge, createTheme, Portal, type ModalProps, type NotificationProps } from '@mantine/core';

/**
 * Dialogs and popovers render into this element. It is a <section>, so a dialog's <header> is not
 * taken for the page's banner landmark.
 */
export const PORTAL_ROOT_ID = 'sightline-portals';

export function ensurePortalRoot(): void {
  if (typeof document === 'undefined' || document.getElementById(PORTAL_ROOT_ID)) return;
  const root = document.createElement('section');
  root.id = PORTAL_ROOT_ID;
  document.body.appendChild(root);
}

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 9 keeps white text on filled buttons of every colour (red included) above 4.5:1
  // contrast (WCAG AA) in both schemes.
  primaryShade: { light: 9, dark: 9 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  components: {
    // Every notification's close button needs a name screen readers can say.
    // Given as plain objects (what `Modal.extend` returns): importing Modal and Notification here
    // would put their code in the first download of every page.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } satisfies Partial<NotificationProps> },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps> },
    Portal: Portal.extend({ defaultProps: { target: `#${PORTAL_ROOT_ID}` } }),
    // Badges show tags and names as stored (tags are lower-case): upper-casing them invites wrong `tag:` searches.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});
