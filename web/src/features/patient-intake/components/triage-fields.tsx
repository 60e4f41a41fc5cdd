/**
 * The symptom field and body-region picker of the request forms come from the triage feature;
 * this module is the one place the intake forms import them from.
 */
export {
  BodyRegionPicker,
  SymptomField,
  type BodyRegionPickerProps,
  type SymptomFieldProps,
} from '@web/features/triage';
