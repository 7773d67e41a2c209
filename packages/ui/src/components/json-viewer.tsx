import { type ReactNode, useState } from 'react';
import './shared-pieces.css';

export interface JsonViewerProps {
  value: unknown;
  /** Levels open at first; deeper objects and lists start folded. */
  defaultExpandDepth?: number;
  /** Names the viewer for assistive technology. */
  label?: string;
  className?: string;
}

function summary(value: object): string {
  return Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
}

function Primitive({ value }: { value: unknown }) {
  if (value === null) return <span className="sv-json__null">null</span>;
  if (typeof value === 'string') return <span className="sv-json__string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="sv-json__number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="sv-json__boolean">{String(value)}</span>;
  return <span className="sv-json__null">{String(value)}</span>;
}

function Node({
  name,
  value,
  depth,
  openDepth,
}: {
  name?: ReactNode;
  value: unknown;
  depth: number;
  openDepth: number;
}) {
  const isBranch = typeof value === 'object' && value !== null;
  const [isOpen, setIsOpen] = useState(depth < openDepth);
  const label = name === undefined ? null : <span className="sv-json__key">{name}: </span>;
  if (!isBranch) {
    return (
      <li className="sv-json__leaf">
        {label}
        <Primitive value={value} />
      </li>
    );
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>);
  return (
    <li>
      <button
        type="button"
        className="sv-json__toggle"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="sv-json__caret" aria-hidden="true">
          {isOpen ? '▾' : '▸'}
        </span>
        {label}
        <span className="sv-json__summary">{summary(value)}</span>
      </button>
      {isOpen && entries.length > 0 ? (
        <ul className="sv-json__children">
          {entries.map(([key, item]) => (
            <Node key={key} name={key} value={item} depth={depth + 1} openDepth={openDepth} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A read-only JSON tree: objects and lists fold and unfold; values are coloured by type. */
export function JsonViewer({
  value,
  defaultExpandDepth = 2,
  label = 'JSON data',
  className,
}: JsonViewerProps) {
  return (
    <ul className={className ? `sv-json ${className}` : 'sv-json'} aria-label={label}>
      <Node value={value} depth={0} openDepth={defaultExpandDepth} />
    </ul>
  );
}
