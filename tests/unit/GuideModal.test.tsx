import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { GuideModal, guideIntroductionVideo, guidePages } from '../../src/views/editor/page/GuideModal';

const publicFile = (url: string) => path.join(process.cwd(), 'public', url);

describe('the editor guide', () => {
  it('opens on the introduction with its video, poster and captions', () => {
    render(<GuideModal open onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Guide: Introduction' })).toBeInTheDocument();
    expect(screen.getByText('Watch this 2-minute video to get started.')).toBeInTheDocument();
    const video = screen.getByLabelText(
      'Introduction video: building a space in five steps',
    ) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe(guideIntroductionVideo.src);
    expect(video.getAttribute('poster')).toBe(guideIntroductionVideo.poster);
    expect(video.controls).toBe(true);
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe(guideIntroductionVideo.captions);
  });

  it('walks through the five steps with Next and Back; the video stays on the introduction', () => {
    const onClose = vi.fn();
    render(<GuideModal open onClose={onClose} />);
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    next();
    expect(screen.getByRole('dialog', { name: 'Guide: Create Space' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Introduction video/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Guide: Introduction' })).toBeInTheDocument();
    for (let i = 1; i < guidePages.length; i++) next();
    expect(screen.getByRole('dialog', { name: 'Guide: Publish' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with Skip from any page', () => {
    const onClose = vi.fn();
    render(<GuideModal open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ships the video of about two minutes, with captions for each of the five steps', () => {
    expect(statSync(publicFile(guideIntroductionVideo.src)).size).toBeGreaterThan(100_000);
    expect(statSync(publicFile(guideIntroductionVideo.poster)).size).toBeGreaterThan(10_000);
    const vtt = readFileSync(publicFile(guideIntroductionVideo.captions), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    const ends = [...vtt.matchAll(/--> (\d\d):(\d\d)\.(\d\d\d)/g)].map(
      ([, m, s, ms]) => Number(m) * 60 + Number(s) + Number(ms) / 1000,
    );
    expect(Math.max(...ends)).toBeGreaterThan(100);
    expect(Math.max(...ends)).toBeLessThan(150);
    for (const step of [
      '1 · Create Space',
      '2 · Design Space',
      '3 · Add Content',
      '4 · Create Paths',
      '5 · Publish',
    ])
      expect(vtt).toContain(step);
  });
});
