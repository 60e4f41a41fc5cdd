import { House, Video } from 'lucide-react';
import { requestTypes, type RequestType } from '@shared/patients/request-types';
import { RadioCardGroup, type RadioCardOption } from '@web/components/form/RadioCardGroup';
import { CARE_TYPE_OPTIONS } from '../lib/messages';

const icons = { telemedicine: Video, 'nurse-visit': House } as const;

const careTypeOptions: readonly RadioCardOption<RequestType>[] = requestTypes.map((type) => ({
  value: type,
  ...CARE_TYPE_OPTIONS[type],
  icon: icons[type],
}));

/** Telemedicine (video call) or home nurse visit, as two large radio cards. */
export function CareTypeField(props: {
  id: string;
  value: RequestType | '';
  onChange: (value: RequestType) => void;
  error?: string;
  disabled?: boolean;
}) {
  return <RadioCardGroup legend="Type of Care" options={careTypeOptions} {...props} />;
}
