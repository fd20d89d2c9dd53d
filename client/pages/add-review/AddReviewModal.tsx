import { Button, Form, Input, Modal, Rate } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { isApiError } from '../../api/http.js';
import type { Rental } from '../../api/rentals.js';
import { useAddReview } from '../../api/reviews.js';
import { DEFAULT_LOCALE } from '../../../locales/index.js';
import { useLocale, useT } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';

/** Spec section 9: review toasts last 1000 ms; rating maximum 5 in half steps. */
export const REVIEW_TOAST_MS = 1000;
const MAX_RATING = 5;

/** rc-rate's stars are unnamed radios: give each its number so a screen reader says more than "radio button". */
const nameStar = (starLabel: (n: number) => string) => (node: ReactElement, { index }: { index?: number }): ReactElement => {
  const li = node as ReactElement<{ children: ReactElement<Record<string, unknown>> }>;
  const stars = (index ?? 0) + 1;
  return cloneElement(li, undefined, cloneElement(li.props.children, { 'aria-label': starLabel(stars) }));
};

/** The Form.Item's value and onChange pass through to the stars, inside a radio group named by the field label. */
function RatingInput(props: { value?: number; onChange?: (value: number) => void; id?: string }) {
  const t = useT();
  return (
    <div role="radiogroup" aria-labelledby="review-rating-label">
      <Rate {...props} allowHalf count={MAX_RATING} characterRender={nameStar((n) => t('addReview.star', { n }))} className="review-rate" />
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
  const t = useT();
  const locale = useLocale();

  // Spec section 5: no client validation; the server's field errors show on the fields.
  const submit = (values: ReviewValues) => {
    if (!rental) return;
    addReview.mutate(
      { bikeId: rental.bikeId._id, rating: values.rating ?? 0, comment: values.comment ?? '', paymentId: rental.paymentId },
      {
        onSuccess: () => {
          notify.success(t('addReview.added'), REVIEW_TOAST_MS);
          onReviewed(rental);
        },
        onError: (error) => {
          // The server words its refusals in English: English shows them as before, other languages the catalogue's.
          notify.error(isApiError(error) && error.message && locale === DEFAULT_LOCALE ? error.message : t('addReview.failed'), REVIEW_TOAST_MS);
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
      title={rental ? t('addReview.addFor', { bike: rental.bikeId.name }) : undefined}
      onCancel={onClose}
      destroyOnHidden
      rootClassName="review-modal"
      footer={[
        <Button key="cancel" onClick={onClose} disabled={addReview.isPending}>
          {t('profile.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={addReview.isPending} onClick={() => form.submit()}>
          {t('addReview.submit')}
        </Button>,
      ]}
    >
      <Form<ReviewValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ rating: 0, comment: '' }}>
        <Form.Item label={<span id="review-rating-label">{t('profile.reviews.rating')}</span>}
          name="rating"
          extra={rating ? t('addReview.ratingValue', { rating, max: MAX_RATING }) : t('addReview.ratingHint', { min: 1, max: MAX_RATING })}
        >
          <RatingInput />
        </Form.Item>
        <Form.Item label={t('addReview.yourReview')} name="comment">
          <Input.TextArea placeholder={t('addReview.placeholder')} rows={5} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
