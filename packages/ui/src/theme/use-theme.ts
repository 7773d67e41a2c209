import { useContext } from 'react';
import { ThemeContext, type ThemeContextValue } from './theme-context';

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  // spec 01 §8: using the theme facility outside its provider is a misuse error.
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
