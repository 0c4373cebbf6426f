import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useEffectivePreferences } from '../api/preferences';

/**
 * Applies the signed-in account's effective theme (its own, its teams', the org's, or the
 * default: the system's) once it is known, and again whenever it changes.
 */
export function ApplyPreferences() {
  const theme = useEffectivePreferences().data?.theme;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (theme === 'light' || theme === 'dark') setColorScheme(theme);
    else if (theme === 'system') setColorScheme('auto');
  }, [theme, setColorScheme]);
  return null;
}

export default ApplyPreferences;
