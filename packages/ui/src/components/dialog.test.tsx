import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function Harness({ dismissible }: { dismissible: boolean }) {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <button type="button">Behind</button>
      <Dialog
        isOpen={isOpen}
        role={dismissible ? 'dialog' : 'alertdialog'}
        title="Careful"
        description="Something needs an answer."
        {...(dismissible ? { onDismiss: () => setIsOpen(false) } : {})}
        actions={
          <>
            <Button onClick={() => setIsOpen(false)}>No</Button>
            <Button onClick={() => setIsOpen(false)}>Yes</Button>
          </>
        }
      />
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled, described modal that makes the page behind inert', () => {
    render(<Harness dismissible={false} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Careful' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Something needs an answer.',
    );
    const behind = screen.getByText('Behind', { selector: 'button' });
    expect(behind.closest('[inert]')).not.toBeNull();
    expect(document.activeElement?.textContent).toBe('No');
  });

  it('without onDismiss: Escape and the backdrop do nothing, and there is no close button', () => {
    const onKey = vi.fn();
    document.addEventListener('keydown', onKey);
    render(<Harness dismissible={false} />);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(onKey).not.toHaveBeenCalled();
    document.removeEventListener('keydown', onKey);
  });

  it('keeps Tab and Shift+Tab inside', () => {
    render(<Harness dismissible={false} />);
    const [no, yes] = screen.getAllByRole('button').filter((b) => b.closest('[role="alertdialog"]'));
    yes!.focus();
    fireEvent.keyDown(yes!, { key: 'Tab' });
    expect(document.activeElement).toBe(no);
    fireEvent.keyDown(no!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(yes);
  });

  it('with onDismiss: Escape, the backdrop and the close button close it', () => {
    const { unmount } = render(<Harness dismissible />);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    render(<Harness dismissible />);
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lifts the inert state when it closes', () => {
    render(<Harness dismissible={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
