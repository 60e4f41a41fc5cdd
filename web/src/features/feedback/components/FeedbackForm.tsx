import { Send } from 'lucide-react';
import {
  FEEDBACK_MAX_LENGTH,
  feedbackRequestSchema,
  type FeedbackRequest,
} from '@shared/cases/feedback';
import { Form } from '@web/components/form/Form';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { TextAreaField } from '@web/components/form/fields';
import { FormError } from '@web/components/form/FormError';
import { useForm } from '@web/components/form/use-form';
import { validateWith } from '@web/components/form/validate';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/hooks/use-toast';
import { serverMessageOf } from '@web/lib/api';
import { useSubmitFeedback } from '../api/submit-feedback';
import { FEEDBACK_TITLE, feedbackToasts } from '../lib/labels';
import { StarRating, type Rating } from './StarRating';

interface FeedbackValues {
  rating: Rating;
  feedback: string;
}
type FeedbackField = keyof FeedbackValues;

const FIELDS: readonly FeedbackField[] = ['rating', 'feedback'];

/**
 * The rating and optional comments (spec doc 1 §2, §4, §5): the rating starts at 0 and Submit
 * stays disabled until one is chosen and while the answer is awaited.
 */
export function FeedbackForm({
  caseId,
  onSubmitted,
}: {
  caseId: string;
  onSubmitted: (rating: Rating) => void;
}) {
  const submit = useSubmitFeedback(caseId, {
    onSuccess: (_answer, body) => {
      toast(feedbackToasts.submitted);
      onSubmitted(body.rating as Rating);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        ...feedbackToasts.failed,
        description: serverMessageOf(error) ?? error.message,
      });
    },
  });
  const form = useForm<FeedbackValues, FeedbackField>({
    initial: () => ({ rating: 0, feedback: '' }),
    order: FIELDS,
    // The rating's first star takes focus when the rating is missing.
    idOf: (field) => (field === 'rating' ? 'feedback-rating-1' : `feedback-${field}`),
    busy: submit.isPending,
  });
  const { rating } = form.values;

  function send() {
    const checked = validateWith(feedbackRequestSchema, form.values, FIELDS);
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    const body: FeedbackRequest = { rating: checked.data.rating };
    if (checked.data.feedback) body.feedback = checked.data.feedback;
    submit.mutate(body);
  }

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardContent className="p-6 sm:p-8">
        <h1 className="text-center text-3xl font-bold tracking-tight">{FEEDBACK_TITLE}</h1>
        <p className="mt-2 text-center text-muted-foreground">
          Your rating helps us improve care for every patient.
        </p>
        <Form busy={submit.isPending} onSubmit={send} className="mt-6 grid gap-6">
          <div className="grid gap-1">
            <StarRating
              id="feedback-rating"
              value={rating}
              onChange={(value) => form.change('rating', value)}
              disabled={submit.isPending}
            />
            <FormError id="feedback-rating-error" message={form.errors.rating} />
          </div>
          <TextAreaField
            {...form.textField('feedback')}
            label="Comments"
            optional
            rows={4}
            maxLength={FEEDBACK_MAX_LENGTH}
            disabled={submit.isPending}
            placeholder="Tell us about your experience"
          />
          <SubmitButton
            pending={submit.isPending}
            icon={<Send aria-hidden="true" />}
            pendingText="Submitting..."
            disabled={rating === 0 || submit.isPending}
            size="lg"
          >
            Submit Feedback
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
