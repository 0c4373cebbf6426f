import base, { type UserEvent } from '@testing-library/user-event';

/**
 * user-event as the library exports it, without its pause between one key or pointer action and
 * the next (`delay: 0` waits a timer turn after each; typing a URL is some twenty of them). What a
 * test sees is the same: every event still fires, in order, each wrapped in `act`, so React has
 * rendered each step before the next. Tests import `userEvent` from here, never from the library.
 */
type Options = NonNullable<Parameters<typeof base.setup>[0]>;
const fast = (options: Options = {}): Options => ({ delay: null, ...options });

export const userEvent = {
  /** One user for a series of actions (keeps pressed keys and the pointer between them). */
  setup: (options?: Options): UserEvent => base.setup(fast(options)),
  /** One action, so one pause at most: the library's own. */
  clear: (element: Element) => base.clear(element),
  click: (element: Element, options?: Options) => base.click(element, fast(options)),
  dblClick: (element: Element, options?: Options) => base.dblClick(element, fast(options)),
  hover: (element: Element, options?: Options) => base.hover(element, fast(options)),
  keyboard: (text: string, options?: Options) => base.keyboard(text, fast(options)),
  paste: (clipboardData: string, options?: Options) => base.paste(clipboardData, fast(options)),
  selectOptions: (element: Element, values: Parameters<UserEvent['selectOptions']>[1], options?: Options) =>
    base.selectOptions(element, values, fast(options)),
  tab: (options?: Options & { shift?: boolean }) => base.tab(fast(options)),
  type: (element: Element, text: string, options?: Options & Parameters<UserEvent['type']>[2]) => base.type(element, text, fast(options)),
};
