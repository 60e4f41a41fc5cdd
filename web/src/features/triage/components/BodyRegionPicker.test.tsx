// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendSymptom, bodyRegions } from '@shared/triage';
import { BodyRegionPicker } from './BodyRegionPicker';

afterEach(cleanup);

const group = () => screen.getByRole('group', { name: 'Where do you feel it?' });

describe('BodyRegionPicker', () => {
  it('offers a toggle button for each of the 12 regions, none pressed', () => {
    render(<BodyRegionPicker value={[]} onChange={vi.fn()} />);
    const buttons = within(group()).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(bodyRegions.map((r) => r.name));
    for (const button of buttons) {
      expect(button.getAttribute('aria-pressed')).toBe('false');
      expect(button.getAttribute('type')).toBe('button');
    }
  });

  it('marks the selected regions pressed', () => {
    render(<BodyRegionPicker value={['chest', 'skin']} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Chest' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Skin' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Head' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('adds a region on press and removes it on a second press', () => {
    const onChange = vi.fn();
    const { rerender } = render(<BodyRegionPicker value={['head']} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Chest' }));
    expect(onChange).toHaveBeenLastCalledWith(['head', 'chest']);
    rerender(<BodyRegionPicker value={['head', 'chest']} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Head' }));
    expect(onChange).toHaveBeenLastCalledWith(['chest']);
  });

  it('shows the common symptoms of each selected region as chips', () => {
    render(<BodyRegionPicker value={['head']} onChange={vi.fn()} />);
    const chips = screen.getByRole('group', { name: 'Common symptoms: Head' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['headache', 'dizziness', 'blurred vision', 'earache']);
    expect(screen.queryByRole('group', { name: 'Common symptoms: Chest' })).toBeNull();
  });

  it('hands a clicked chip to onPickSymptom', () => {
    const onPickSymptom = vi.fn();
    render(<BodyRegionPicker value={['chest']} onChange={vi.fn()} onPickSymptom={onPickSymptom} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add chest pain' }));
    expect(onPickSymptom).toHaveBeenCalledWith('chest pain');
  });

  it('ignores unknown ids and takes a custom label', () => {
    render(<BodyRegionPicker value={['elbow']} onChange={vi.fn()} label="Body area" />);
    expect(screen.getByRole('group', { name: 'Body area' })).toBeTruthy();
    expect(screen.queryAllByRole('group', { name: /Common symptoms/ })).toHaveLength(0);
  });

  it('lets a form append picked symptoms to its text', () => {
    function Form() {
      const [regions, setRegions] = useState<string[]>([]);
      const [text, setText] = useState('Since yesterday');
      return (
        <>
          <BodyRegionPicker
            value={regions}
            onChange={setRegions}
            onPickSymptom={(symptom) => setText((current) => appendSymptom(current, symptom))}
          />
          <output>{text}</output>
        </>
      );
    }
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'General' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add fever' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add chills' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add fever' }));
    expect(screen.getByRole('status').textContent).toBe('Since yesterday, fever, chills');
  });
});
