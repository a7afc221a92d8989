import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import { MediaHolder } from '../../src/views/kit/MediaHolder';

describe('MediaHolder', () => {
  it('shows a placeholder without a source', () => {
    render(<MediaHolder kind="picture" src={null} />);
    expect(screen.getByText('No content')).toBeTruthy();
  });

  it('shows the picture, and the error placeholder when it cannot be shown', () => {
    render(<MediaHolder kind="picture" src="/api/fileService/file/x" alt="Sunset" />);
    const img = screen.getByRole('img', { name: 'Sunset' });
    fireEvent.error(img);
    expect(screen.getByText('Invalid url')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
