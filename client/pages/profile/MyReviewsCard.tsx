import { Card, Empty, Rate, Skeleton, Table, type TableProps } from 'antd';
import { useMemo, type HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { useMyReviews, type Review } from '../../api/reviews.js';
import type { Role } from '../../api/types.js';
import { DateTime } from '../../components/DateTime.js';
import { LoadError } from '../../components/LoadError.js';
import { useLocalePath, useNumberFormat, useT } from '../../app/i18n.js';

/** Spec section 9: review comments are cut at 40 characters in the profile. */
export const COMMENT_PREVIEW_LENGTH = 40;
/** Spec section 9: ratings run to 5. */
const RATING_MAX = 5;

export const previewComment = (comment: string): string =>
  comment.length > COMMENT_PREVIEW_LENGTH ? `${comment.slice(0, COMMENT_PREVIEW_LENGTH)}...` : comment;

/** Stars are decoration (hidden from assistive technology); the sentence is what a screen reader reads. */
export function RatingStars({ value }: { value: number }) {
  const t = useT();
  const number = useNumberFormat();
  return (
    <span className="rating-stars">
      <span className="visually-hidden">{t('profile.reviews.stars', { rating: value, max: RATING_MAX })}</span>
      <span aria-hidden="true" className="rating-stars-visual">
        <Rate disabled allowHalf value={value} className="rating-stars-rate" />
        <span className="rating-stars-value">{number(value)}</span>
      </span>
    </span>
  );
}

/** Each cell names its column, so the stacked phone layout (profile.css) can label the values. */
const labelled = (label: string) => () => ({ 'data-label': label }) as HTMLAttributes<HTMLElement>;


function useColumns(): TableProps<Review>['columns'] {
  const t = useT();
  const lp = useLocalePath();
  return useMemo<TableProps<Review>['columns']>(() => [
  {
    title: t('profile.reviews.bike'),
    key: 'bike',
    onCell: labelled(t('profile.reviews.bike')),
    render: (_, review) => <Link to={lp(`/bike/${review.bikeId._id}`)}>{review.bikeId.name}</Link>,
  },
  { title: t('profile.reviews.date'), key: 'date', width: 124, onCell: labelled(t('profile.reviews.date')), render: (_, review) => <DateTime value={review.date} dateOnly /> },
  { title: t('profile.reviews.rating'), key: 'rating', width: 156, onCell: labelled(t('profile.reviews.rating')), render: (_, review) => <RatingStars value={review.rating} /> },
  {
    title: t('profile.reviews.comment'),
    key: 'comment',
    onCell: labelled(t('profile.reviews.comment')),
    render: (_, review) =>
      review.comment ? (
        <span title={review.comment.length > COMMENT_PREVIEW_LENGTH ? review.comment : undefined}>{previewComment(review.comment)}</span>
      ) : (
        <span className="muted-text">{t('profile.reviews.noComment')}</span>
      ),
  },
], [t, lp]);
}

export function MyReviewsCard({ role }: { role: Role }) {
  const reviews = useMyReviews();
  const t = useT();
  const columns = useColumns();
  let body;
  if (reviews.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (reviews.isError) {
    body = (
      <LoadError title={t('profile.reviews.loadFailed')} description={reviews.error.message} onRetry={() => reviews.refetch()} />
    );
  } else if (reviews.data.length === 0) {
    body = (
      <Empty
        className="okb-empty"
        description={role === 'user' ? t('profile.reviews.none') : t('profile.reviews.adminNone')}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      >
        {role === 'user' ? <Link to="/dashboard/myrentals">{t('profile.reviews.reviewPaid')}</Link> : null}
      </Empty>
    );
  } else {
    body = (
      <Table<Review>
        rowKey="_id"
        columns={columns}
        dataSource={reviews.data}
        pagination={reviews.data.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        size="middle"
        className="reviews-table"
      />
    );
  }
  return (
    <Card title={<h2 className="profile-card-title">{t('profile.reviews.title')}</h2>} className="profile-card">
      {body}
    </Card>
  );
}
