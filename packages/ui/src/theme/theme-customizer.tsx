import { type FormEvent, useId, useState } from 'react';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icon';
import { TextField } from '../components/text-field';
import {
  colorsFromCustom,
  DEFAULT_THEME_COLORS,
  hexColorProblem,
  presetOf,
  sameColors,
  THEME_PRESETS,
  type ThemeColors,
} from './theme-colors';
import { useTheme } from './use-theme';

function Swatches({ colors }: { colors: ThemeColors }) {
  return (
    <span className="sv-swatches" aria-hidden="true">
      <span className="sv-swatch" style={{ background: colors.primary }} />
      <span className="sv-swatch sv-swatch--small" style={{ background: colors.secondary }} />
    </span>
  );
}

/** The customizer's content: presets, the custom colour entry and the current colours. */
export function ThemeCustomizerPanel() {
  const { colors, setColors, resetColors } = useTheme();
  const [draft, setDraft] = useState(colors.primary);
  const presetsId = useId();
  const current = presetOf(colors);
  // spec 01 §5: a 6-digit hex colour with a leading #; otherwise the message and a disabled Apply.
  const problem = hexColorProblem(draft);

  function handleApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem) return;
    setColors(colorsFromCustom(draft));
  }

  return (
    <div className="sv-customizer">
      <section className="sv-customizer__section" aria-labelledby={presetsId}>
        <h3 id={presetsId} className="sv-customizer__heading">
          Presets
        </h3>
        <div className="sv-preset-grid">
          {THEME_PRESETS.map((preset) => {
            const isCurrent = current?.name === preset.name;
            return (
              <button
                key={preset.name}
                type="button"
                className="sv-preset"
                aria-pressed={isCurrent}
                onClick={() => {
                  setColors(preset);
                  setDraft(preset.primary);
                }}
              >
                <Swatches colors={preset} />
                <span className="sv-preset__name">{preset.name}</span>
                {isCurrent ? <Icon name="check" className="sv-preset__check" /> : null}
              </button>
            );
          })}
        </div>
      </section>

      <form className="sv-customizer__section" onSubmit={handleApply} noValidate>
        <h3 className="sv-customizer__heading">Custom color</h3>
        <div className="sv-custom-color">
          <input
            type="color"
            className="sv-color-input"
            aria-label="Pick a custom color"
            value={problem ? colors.primary : draft.trim().toLowerCase()}
            onChange={(event) => setDraft(event.target.value)}
          />
          <TextField
            label="Hex color"
            name="customColor"
            placeholder={DEFAULT_THEME_COLORS.primary}
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            className="sv-input--mono"
            error={problem}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="primary" disabled={problem !== null}>
            Apply
          </Button>
        </div>
      </form>

      <section className="sv-customizer__section">
        <h3 className="sv-customizer__heading">Current colors</h3>
        <div className="sv-current-colors__row">
          <dl className="sv-current-colors">
            {(['primary', 'secondary'] as const).map((which) => (
              <div key={which} className="sv-current-colors__item">
                <dt>{which === 'primary' ? 'Primary' : 'Secondary'}</dt>
                <dd>
                  <span className="sv-swatch" style={{ background: colors[which] }} aria-hidden="true" />
                  <code>{colors[which]}</code>
                </dd>
              </div>
            ))}
          </dl>
          <Button
            size="sm"
            variant="secondary"
            disabled={sameColors(colors, DEFAULT_THEME_COLORS)}
            onClick={() => {
              resetColors();
              setDraft(DEFAULT_THEME_COLORS.primary);
            }}
          >
            Reset to default
          </Button>
        </div>
        <p className="sv-field__hint">
          {current ? `${current.name} preset.` : 'Custom colors.'} Kept on this device; text on buttons, links
          and focus rings keeps readable contrast in light and dark themes.
        </p>
      </section>
    </div>
  );
}

/** spec 01 §2 "Theme customizer": a header control opening the presets and the custom colour. */
export function ThemeCustomizer() {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  return (
    <>
      <button
        type="button"
        className="sv-icon-button"
        aria-label="Customize theme"
        title="Customize theme"
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        <Icon name="palette" />
      </button>
      <Dialog
        isOpen={isOpen}
        title="Theme Customizer"
        description="Choose the colors of buttons, links and focus rings."
        size="md"
        onDismiss={close}
        actions={
          <Button variant="secondary" onClick={close}>
            Done
          </Button>
        }
      >
        <ThemeCustomizerPanel />
      </Dialog>
    </>
  );
}
