// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SymptomAnalysis } from '@shared/triage';
import { setUpAnalyserTests } from '../testing/analyser-tests';
import { LOW_END_DEVICE } from '../testing/stub-device';
import { SymptomField, type SymptomFieldProps } from './SymptomField';

const switchDevice = setUpAnalyserTests();

function Harness(props: Partial<SymptomFieldProps> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <SymptomField id="symptoms" label="Symptoms" value={value} onChange={setValue} {...rest} />
  );
}

const field = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Symptoms' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const settle = () =>
  act(() => {
    vi.advanceTimersByTime(500);
  });

describe('SymptomField: the text area', () => {
  it('is labelled and limited to 2000 characters by default', () => {
    render(<Harness />);
    expect(field().id).toBe('symptoms');
    expect(field().maxLength).toBe(2000);
  });

  it('shows a live n/2000 counter, referenced by aria-describedby', () => {
    render(<Harness />);
    expect(screen.getByText('0/2000')).toBeTruthy();
    type('I have a cough');
    expect(screen.getByText('14/2000')).toBeTruthy();
    const counter = screen.getByText('14/2000').parentElement;
    expect(field().getAttribute('aria-describedby')?.split(' ')).toContain(counter?.id);
  });

  it('respects a custom maxLength', () => {
    render(<Harness maxLength={100} initial="abc" />);
    expect(field().maxLength).toBe(100);
    expect(screen.getByText('3/100')).toBeTruthy();
  });

  it('describes the hint and the error, and marks the field invalid', () => {
    render(<Harness hint="When did it start?" error="Please describe your symptoms" />);
    const ids = field().getAttribute('aria-describedby')?.split(' ') ?? [];
    const hint = screen.getByText('When did it start?');
    const error = screen.getByText('Please describe your symptoms');
    expect(ids).toEqual(expect.arrayContaining([hint.id, error.id]));
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('is not invalid without an error', () => {
    render(<Harness />);
    expect(field().hasAttribute('aria-invalid')).toBe(false);
  });

  it('reports typing through onChange with the new text', () => {
    const onChange = vi.fn();
    render(<SymptomField id="s" label="Symptoms" value="" onChange={onChange} />);
    type('fever');
    expect(onChange).toHaveBeenCalledWith('fever');
  });
});

describe('SymptomField: medical term suggestions', () => {
  const termButtons = () =>
    within(screen.getByRole('list', { name: 'Suggested terms:' })).getAllByRole('button');

  it('appear from 2 typed characters, at most 3', () => {
    render(<Harness />);
    type('I have h');
    expect(screen.queryByRole('list', { name: 'Suggested terms:' })).toBeNull();
    type('I have he');
    expect(termButtons().map((b) => b.textContent)).toEqual([
      'headache',
      'heartburn',
      'hepatitis b',
    ]);
  });

  it('complete the current word and return focus to the text area', () => {
    render(<Harness />);
    type('Since Monday, hea');
    fireEvent.click(screen.getByRole('button', { name: 'headache' }));
    expect(field().value).toBe('Since Monday, headache ');
    expect(document.activeElement).toBe(field());
    expect(screen.queryByRole('list', { name: 'Suggested terms:' })).toBeNull();
  });

  it('are plain buttons that do not submit a form', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness initial="fev" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'fever' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('SymptomField: analysis panel', () => {
  it('shows nothing until 500 ms after typing stops', () => {
    render(<Harness />);
    type('persistent vomiting since last night');
    expect(screen.queryByRole('region', { name: 'Symptom check' })).toBeNull();
    expect(screen.getByText('Checking your symptoms...')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.queryByRole('region', { name: 'Symptom check' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const panel = screen.getByRole('region', { name: 'Symptom check' });
    expect(within(panel).getByText('Urgent')).toBeTruthy();
    expect(
      within(panel).getByText('See healthcare provider today or within 24 hours.'),
    ).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: /call 911/i })).toBeNull();
  });

  it('an emergency is an alert with a Call 911 tel: link', () => {
    render(<Harness />);
    type('crushing chest pain and sweating');
    settle();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Emergency')).toBeTruthy();
    expect(
      within(alert).getByText('Immediate medical attention required. Call emergency services.'),
    ).toBeTruthy();
    const call = within(alert).getByRole('link', { name: 'Call 911' });
    expect(call.getAttribute('href')).toBe('tel:911');
  });

  it('shows a routine result with the routine message', () => {
    render(<Harness />);
    type('I have a mild headache today');
    settle();
    const panel = screen.getByRole('region', { name: 'Symptom check' });
    expect(panel.getAttribute('data-urgency')).toBe('routine');
    expect(within(panel).getByText('Routine')).toBeTruthy();
    expect(
      within(panel).getByText('Schedule regular appointment with healthcare provider.'),
    ).toBeTruthy();
    expect(within(panel).queryByText('Preliminary')).toBeNull();
  });

  it('marks a result under the 0.6 confidence threshold as preliminary', () => {
    render(<Harness />);
    type('unwell');
    settle();
    const panel = screen.getByRole('region', { name: 'Symptom check' });
    expect(within(panel).getByText('Preliminary')).toBeTruthy();
    expect(
      within(panel).getByText('Add a few more details for a more reliable check.'),
    ).toBeTruthy();
  });

  it('lists at most 5 suggestions (full mode)', () => {
    render(<Harness />);
    type('I feel suicidal; chest pain and sweating, headache stiff neck fever, hives and wheezing');
    settle();
    const list = within(screen.getByRole('alert')).getByRole('list', { name: 'Suggestions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('lists no suggestions in basic mode (low-end device)', () => {
    switchDevice(LOW_END_DEVICE);
    render(<Harness />);
    type('chest pain');
    settle();
    const alert = screen.getByRole('alert');
    expect(within(alert).queryByRole('list', { name: 'Suggestions' })).toBeNull();
    expect(within(alert).getByRole('link', { name: 'Call 911' })).toBeTruthy();
  });

  it('takes the region setting', () => {
    render(<Harness region="sub-saharan" />);
    type('I think it is malaria');
    settle();
    expect(screen.getByRole('region', { name: 'Symptom check' }).dataset.urgency).toBe('urgent');
  });

  it('sits in a polite live region that exists before any answer', () => {
    const { container } = render(<Harness />);
    expect(container.querySelector('[aria-live="polite"]')).not.toBeNull();
  });
});

describe('SymptomField: onAnalysis', () => {
  it('is called once per new analysis, and with null under 2 characters', () => {
    const onAnalysis = vi.fn<(analysis: SymptomAnalysis | null) => void>();
    render(<Harness onAnalysis={onAnalysis} />);
    expect(onAnalysis).not.toHaveBeenCalled();

    type('high fever');
    settle();
    expect(onAnalysis).toHaveBeenCalledTimes(1);
    expect(onAnalysis.mock.lastCall?.[0]?.urgencyLevel).toBe('urgent');

    settle();
    expect(onAnalysis).toHaveBeenCalledTimes(1);

    type('high fever and chest pain');
    settle();
    expect(onAnalysis).toHaveBeenCalledTimes(2);
    expect(onAnalysis.mock.lastCall?.[0]?.urgencyLevel).toBe('emergency');

    type('h');
    expect(onAnalysis).toHaveBeenCalledTimes(3);
    expect(onAnalysis.mock.lastCall?.[0]).toBeNull();
  });
});
