import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { Modal, type ModalProps } from '../../src/views/kit/Modal';

function renderModal(props: Partial<ModalProps> = {}) {
  const onClose = vi.fn();
  render(
    <Modal open title="Share" onClose={onClose} actions={<button type="button">Copy code</button>} {...props}>
      <p>Embed this space</p>
    </Modal>,
  );
  return onClose;
}

/** A click on the dimmed area around the dialog. */
function clickOutside() {
  const outside = screen.getByRole('dialog').parentElement!;
  fireEvent.mouseDown(outside);
  fireEvent.click(outside);
}

const pressEscape = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

describe('Modal', () => {
  it('is a dialog named by its title, with its content and actions', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Share' });
    expect(dialog).toHaveTextContent('Embed this space');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('closes on a click outside it by default', () => {
    const onClose = renderModal();
    clickOutside();
    expect(onClose).toHaveBeenCalledWith('backdropClick');
  });

  it('stays open on a click outside when that is turned off', () => {
    const onClose = renderModal({ closeOnOutsideClick: false });
    clickOutside();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close on a click inside it', () => {
    const onClose = renderModal();
    fireEvent.mouseDown(screen.getByText('Embed this space'));
    fireEvent.click(screen.getByText('Embed this space'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('ignores Escape by default', () => {
    const onClose = renderModal();
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape when asked', () => {
    const onClose = renderModal({ closeOnEscape: true });
    pressEscape();
    expect(onClose).toHaveBeenCalledWith('escapeKeyDown');
  });

  it('closes with its labelled close button', () => {
    const onClose = renderModal({ closeOnOutsideClick: false });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith('closeButton');
  });

  it('can hide the close button', () => {
    renderModal({ hideCloseButton: true });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('shows nothing when closed', () => {
    renderModal({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
