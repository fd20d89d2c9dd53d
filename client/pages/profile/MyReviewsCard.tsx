import { Card, Empty, Rate, Skeleton, Table, type TableProps } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { useMyReviews, type Review } from '../../api/reviews.js';
import type { Role } from '../../api/types.js';
import { DateTime } from '../../components/DateTime.js';
import { LoadError } from '../../components/LoadError.js';

/** Spec section 9: review comments are cut at 40 characters in the profile. */
export const COMMENT_PREVIEW_LENGTH = 40;

export const previewComment = (comment: string): string =>
  comment.length > COMMENT_PREVIEW_LENGTH ? `${comment.slice(0, COMMENT_PREVIEW_LENGTH)}...` : comment;

/** Stars are decoration (hidden from assistive technology); the sentence is what a screen reader reads. */
export function RatingStars({ value }: { value: number }) {
  return (
    <span className="rating-stars">
      <span className="okb-sr-only">{`${value} out of 5 stars`}</span>
      <span aria-hidden="true" className="rating-stars-visual">
        <Rate disabled allowHalf value={value} className="rating-stars-rate" />
        <span className="rating-stars-value">{value}</span>
      </span>
    </span>
  );
}

/** Each cell names its column, so the stacked phone layout (profile.css) can label the values. */
const labelled = (label: string) => () => ({ 'data-label': label }) as HTMLAttributes<HTMLElement>;

const columns: TableProps<Review>['columns'] = [
  {
    title: 'Bike',
    key: 'bike',
    onCell: labelled('Bike'),
    render: (_, review) => <Link to={`/bike/${review.bikeId._id}`}>{review.bikeId.name}</Link>,
  },
  { title: 'Date', key: 'date', width: 124, onCell: labelled('Date'), render: (_, review) => <DateTime value={review.date} dateOnly /> },
  { title: 'Rating', key: 'rating', width: 156, onCell: labelled('Rating'), render: (_, review) => <RatingStars value={review.rating} /> },
  {
    title: 'Comment',
    key: 'comment',
    onCell: labelled('Comment'),
    render: (_, review) =>
      review.comment ? (
        <span title={review.comment.length > COMMENT_PREVIEW_LENGTH ? review.comment : undefined}>{previewComment(review.comment)}</span>
      ) : (
        <span className="muted-text">No comment</span>
      ),
  },
];

export function MyReviewsCard({ role }: { role: Role }) {
  const reviews = useMyReviews();
  let body;
  if (reviews.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (reviews.isError) {
    body = (
      <LoadError title="Your reviews could not be loaded." description={reviews.error.message} onRetry={() => reviews.refetch()} />
    );
  } else if (reviews.data.length === 0) {
    body = (
      <Empty
        className="okb-empty"
        description={role === 'user' ? "You haven't reviewed a rental yet." : 'Admin accounts do not write reviews.'}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      >
        {role === 'user' ? <Link to="/dashboard/myrentals">Review a paid rental</Link> : null}
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
    <Card title={<h2 className="profile-card-title">My Reviews</h2>} className="profile-card">
      {body}
    </Card>
  );
}
