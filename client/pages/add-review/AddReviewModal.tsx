import { Button, Form, Input, Modal, Rate } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { isApiError } from '../../api/http.js';
import type { Rental } from '../../api/rentals.js';
import { useAddReview } from '../../api/reviews.js';
import { notify } from '../../app/notify.js';

/** Spec section 9: review toasts last 1000 ms; rating maximum 5 in half steps. */
export const REVIEW_TOAST_MS = 1000;
const MAX_RATING = 5;

/** rc-rate's stars are unnamed radios: give each its number so a screen reader says more than "radio button". */
const nameStar = (node: ReactElement, { index }: { index?: number }): ReactElement => {
  const li = node as ReactElement<{ children: ReactElement<Record<string, unknown>> }>;
  const stars = (index ?? 0) + 1;
  return cloneElement(li, undefined, cloneElement(li.props.children, { 'aria-label': `${stars} ${stars === 1 ? 'star' : 'stars'}` }));
};

/** The Form.Item's value and onChange pass through to the stars, inside a radio group named by the field label. */
function RatingInput(props: { value?: number; onChange?: (value: number) => void; id?: string }) {
  return (
    <div role="radiogroup" aria-labelledby="review-rating-label">
      <Rate {...props} allowHalf count={MAX_RATING} characterRender={nameStar} className="review-rate" />
    </div>
  );
}

interface ReviewValues {
  rating: number;
  comment: string;
}

interface AddReviewModalProps {
  /** The rental being reviewed; kept while the modal closes so its title does not blank out mid-animation. */
  rental: Rental | null;
  open: boolean;
  onClose(): void;
  onReviewed(rental: Rental): void;
}

export function AddReviewModal({ rental, open, onClose, onReviewed }: AddReviewModalProps) {
  const [form] = Form.useForm<ReviewValues>();
  const addReview = useAddReview();
  const rating = (Form.useWatch('rating', form) as number | undefined) ?? 0;

  // Spec section 5: no client validation; the server's field errors show on the fields.
  const submit = (values: ReviewValues) => {
    if (!rental) return;
    addReview.mutate(
      { bikeId: rental.bikeId._id, rating: values.rating ?? 0, comment: values.comment ?? '', paymentId: rental.paymentId },
      {
        onSuccess: () => {
          notify.success('Review added successfully', REVIEW_TOAST_MS);
          onReviewed(rental);
        },
        onError: (error) => {
          notify.error(isApiError(error) && error.message ? error.message : 'Your review could not be saved. Please try again.', REVIEW_TOAST_MS);
          if (!isApiError(error)) return;
          form.setFields(
            error.errors
              .filter((e) => e.path === 'rating' || e.path === 'comment')
              .map((e) => ({ name: e.path as keyof ReviewValues, errors: [e.message] })),
          );
        },
      },
    );
  };

  return (
    <Modal
      open={open && rental !== null}
      title={rental ? `Add Review for ${rental.bikeId.name}` : undefined}
      onCancel={onClose}
      destroyOnHidden
      rootClassName="review-modal"
      footer={[
        <Button key="cancel" onClick={onClose} disabled={addReview.isPending}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={addReview.isPending} onClick={() => form.submit()}>
          Submit Review
        </Button>,
      ]}
    >
      <Form<ReviewValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ rating: 0, comment: '' }}>
        <Form.Item label={<span id="review-rating-label">Rating</span>} name="rating" extra={rating ? `${rating} out of ${MAX_RATING}` : 'Choose 1 to 5 stars, in half steps'}>
          <RatingInput />
        </Form.Item>
        <Form.Item label="Your review" name="comment">
          <Input.TextArea placeholder="Write your review here..." rows={5} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
