import { Settings, SwitchCamera } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import type { DeviceOption, LocalMedia } from '@web/lib/media/use-local-media';

function flipLabel(media: LocalMedia): string {
  if (media.facingMode === 'user') return 'Use Rear Camera';
  if (media.facingMode === 'environment') return 'Use Front Camera';
  return 'Switch Camera';
}

function DeviceSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly DeviceOption[];
  value: string | null;
  onChange: (deviceId: string) => void;
}) {
  const id = useId();
  const listed = options.some((option) => option.deviceId === value);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={listed ? (value ?? '') : ''}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {listed ? null : (
          <option value="" disabled>
            Choose a {label.toLowerCase()}
          </option>
        )}
        {options.map((option) => (
          <option key={option.deviceId} value={option.deviceId}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The room's device choices, next to the camera and microphone toggles: the front/rear camera
 * switch on a device with more than one camera (the doctor asks to see a rash), and behind a
 * 'Devices' disclosure the microphone, camera and (where the browser can, `setSinkId`) speaker.
 */
export function DeviceSettings({ media }: { media: LocalMedia }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (media.status !== 'ready') return null;
  const { devices } = media;

  return (
    <div className="flex flex-wrap items-start gap-2">
      {media.canFlipCamera ? (
        <Button variant="outline" onClick={media.flipCamera}>
          <SwitchCamera aria-hidden="true" />
          {flipLabel(media)}
        </Button>
      ) : null}
      <Button
        variant="outline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Settings aria-hidden="true" />
        Devices
      </Button>
      <div
        id={panelId}
        role="group"
        aria-label="Choose your devices"
        hidden={!open}
        className="grid w-full gap-3 rounded-md border p-3 sm:w-auto sm:min-w-72"
      >
        {devices.audioinput.length > 0 ? (
          <DeviceSelect
            label="Microphone"
            options={devices.audioinput}
            value={media.audioDeviceId}
            onChange={(deviceId) => media.selectDevice('audioinput', deviceId)}
          />
        ) : null}
        {devices.videoinput.length > 0 ? (
          <DeviceSelect
            label="Camera"
            options={devices.videoinput}
            value={media.videoDeviceId}
            onChange={(deviceId) => media.selectDevice('videoinput', deviceId)}
          />
        ) : null}
        {media.canChooseSpeaker ? (
          <DeviceSelect
            label="Speaker"
            options={devices.audiooutput}
            value={media.speakerId ?? devices.audiooutput[0]?.deviceId ?? null}
            onChange={media.selectSpeaker}
          />
        ) : null}
        {devices.audioinput.length + devices.videoinput.length === 0 ? (
          <p className="text-sm text-muted-foreground">No camera or microphone to choose from.</p>
        ) : null}
      </div>
    </div>
  );
}
