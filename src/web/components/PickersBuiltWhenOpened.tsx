import { createTheme, MantineThemeProvider, type ComboboxProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Mantine keeps a closed picker's dropdown mounted, hidden, so every option of every picker is
 * built on each render of its page. Where pickers can hold thousands of options (filter bars, the
 * variables bar, the options pane; the annotations page's dashboard filter held 5,000, two
 * elements each, of the page's 11,000), the pickers inside build their options when opened. Mantine then names the open list in
 * `aria-controls`/`aria-expanded` from the second opening on (its list id is kept once made).
 */
const theme = createTheme({ components: { Combobox: { defaultProps: { keepMounted: false } satisfies Partial<ComboboxProps> } } });

export function PickersBuiltWhenOpened({ children }: { children: ReactNode }) {
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
