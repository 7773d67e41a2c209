export { AppHeader, type AppHeaderProps } from './components/app-header';
export { AppShell, type AppShellProps } from './components/app-shell';
export { Badge, type BadgeProps } from './components/badge';
export { Banner, type BannerProps } from './components/banner';
export { BarChart, type BarChartProps, type BarChartSeries } from './components/bar-chart';
export { BarList, type BarListItem, type BarListProps } from './components/bar-list';
export { Button, type ButtonProps, type ButtonVariant } from './components/button';
export { Card, type CardProps } from './components/card';
export { CenteredLayout, type CenteredLayoutProps } from './components/centered-layout';
export { axisTicks, type ChartTone, labelIndices, niceCeiling } from './components/chart-frame';
export { Checkbox, type CheckboxProps } from './components/checkbox';
export { classNames } from './components/class-names';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { type CsvColumn, csvCell, downloadCsv, toCsv } from './components/csv';
export { csvHasDataRows, csvHeaderCells, filenameFromDisposition } from './components/csv-text';
export { DataTable, type DataTableColumn, type DataTableProps } from './components/data-table';
export { type DescriptionItem, DescriptionList } from './components/description-list';
export { Dialog, type DialogProps } from './components/dialog';
export { EmptyState, type EmptyStateProps } from './components/empty-state';
export { Field, type FieldProps } from './components/field';
export {
  Glyph,
  type GlyphName,
  type GlyphProps,
  Icon,
  type IconName,
  type IconProps,
} from './components/icon';
export { JsonViewer, type JsonViewerProps } from './components/json-viewer';
export { LineChart, type LineChartProps, type LineChartSeries } from './components/line-chart';
export { Logo, type LogoProps } from './components/logo';
export { Pagination, type PaginationProps } from './components/pagination';
export { PasswordField, type PasswordFieldProps } from './components/password-field';
export { SearchField, type SearchFieldProps } from './components/search-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './components/select-field';
export { Sidebar, type SidebarProps } from './components/sidebar';
export { SidebarNav, type SidebarNavItem, type SidebarNavProps } from './components/sidebar-nav';
export { Spinner, type SpinnerProps } from './components/spinner';
export { StatCard, type StatCardProps } from './components/stat-card';
export { type TabItem, Tabs, type TabsProps } from './components/tabs';
export { TextAreaField, type TextAreaFieldProps } from './components/text-area-field';
export { TextField, type TextFieldProps } from './components/text-field';
export { UsageBar, type UsageBarProps, usageTone } from './components/usage-bar';
export { type LoadedDocument, previewKindOf } from './document-preview/document-kind';
export {
  DocumentPreview,
  type DocumentPreviewProps,
  type PreviewTarget,
} from './document-preview/document-preview';
export { previewTargetOf } from './document-preview/preview-target';
export {
  findTextItems,
  groundingNeedles,
  normaliseForMatch,
  pageOfLocation,
} from './document-preview/text-match';
export { cellOfLocation, columnLetterOf } from './document-preview/value-match';
export {
  applyThemeColors,
  colorsFromCustom,
  contrastRatio,
  DEFAULT_THEME_COLORS,
  HEX_COLOR_MESSAGE,
  hexColorProblem,
  isHexColor,
  presetOf,
  readStoredThemeColors,
  THEME_COLORS_STORAGE_KEY,
  THEME_PRESETS,
  type ThemeColors,
  type ThemeColorTokens,
  type ThemePreset,
  themeColorTokens,
} from './theme/theme-colors';
export { ThemeContext, type ThemeContextValue } from './theme/theme-context';
export { ThemeCustomizer, ThemeCustomizerPanel } from './theme/theme-customizer';
export {
  applyStoredTheme,
  applyThemeClass,
  isTheme,
  nextTheme,
  type ResolvedTheme,
  resolveTheme,
  THEME_CLASS_NAMES,
  THEME_STORAGE_KEY,
  THEMES,
  type Theme,
} from './theme/theme-preference';
export { ThemeProvider, type ThemeProviderProps } from './theme/theme-provider';
export { ThemeToggle, type ThemeToggleProps } from './theme/theme-toggle';
export { useTheme } from './theme/use-theme';
