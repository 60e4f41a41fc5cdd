// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PeerMediaBadges } from './PeerMediaBadges';

afterEach(cleanup);

const badges = () => screen.getByRole('status', { name: /'s microphone and camera$/ });

describe('PeerMediaBadges', () => {
  it('shows Muted and Camera off, read as sentences', () => {
    render(<PeerMediaBadges peerMedia={{ audio: false, video: false }} name="Dr. Ada Lovelace" />);
    expect(badges().textContent).toBe(
      'MutedDr. Ada Lovelace has muted their microphone' +
        'Camera offDr. Ada Lovelace has turned their camera off',
    );
    expect(screen.getByText('Muted').getAttribute('aria-hidden')).toBe('true');
  });

  it.each([
    [{ audio: false, video: true }, ['Muted']],
    [{ audio: true, video: false }, ['Camera off']],
    [{ audio: true, video: true }, []],
  ])('shows only what is off: %o', (peerMedia, shown) => {
    render(<PeerMediaBadges peerMedia={peerMedia} name="the patient" />);
    const labels = [...badges().querySelectorAll('[aria-hidden="true"]:not(svg)')].map(
      (label) => label.textContent,
    );
    expect(labels).toEqual(shown);
  });

  it('says nothing before the other party sent its state', () => {
    render(<PeerMediaBadges peerMedia={null} name="the patient" />);
    expect(badges().textContent).toBe('');
  });

  it('announces a change: the live region stays, its content changes', () => {
    const { rerender } = render(
      <PeerMediaBadges peerMedia={{ audio: true, video: true }} name="the patient" />,
    );
    const region = badges();
    rerender(<PeerMediaBadges peerMedia={{ audio: false, video: true }} name="the patient" />);
    expect(badges()).toBe(region);
    expect(region.textContent).toContain('the patient has muted their microphone');
  });
});
