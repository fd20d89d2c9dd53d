import { BellOutlined, CreditCardOutlined, LockOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Role } from '../../api/types.js';
import { decorativeIcon } from '../../components/decorative-icon.js';

type Topic = 'payments' | 'notifications';

/**
 * Password & Security leads to the password page (/dashboard/password).
 * The spec shows the other settings as placeholders. Rather than dead buttons, each says what exists today and how
 * to get help: nothing here pretends to change a setting.
 */
function topicContent(topic: Topic, role: Role): { title: string; body: ReactNode } {
  switch (topic) {
    case 'payments':
      return {
        title: 'Payment Methods',
        body: (
          <>
            <p>Okay Bike never stores card details. Each booking fee and rental is paid on the secure page of our payment provider, so there is nothing to set up in advance.</p>
            <p>
              Saved payment methods will come later. Questions about a charge? <Link to="/contact">Contact support</Link>
              {role === 'user' ? (
                <>
                  {' '}
                  or see your payments under <Link to="/dashboard/rentals">My Rentals</Link>.
                </>
              ) : (
                '.'
              )}
            </p>
          </>
        ),
      };
    case 'notifications':
      return {
        title: 'Notifications',
        body: (
          <>
            <p>Email notifications for bookings, returns and payments are being prepared.</p>
            <p>
              {role === 'user' ? (
                <>
                  For now, <Link to="/dashboard/rentals">My Rentals</Link> shows the current state of every rental.{' '}
                </>
              ) : null}
              Need something sooner? <Link to="/contact">Tell our support team</Link>.
            </p>
          </>
        ),
      };
  }
}

export function AccountSettingsCard({ role, onPersonalInformation }: { role: Role; onPersonalInformation(): void }) {
  const navigate = useNavigate();
  const [topic, setTopic] = useState<Topic>('payments');
  const [open, setOpen] = useState(false);
  const show = (next: Topic) => {
    setTopic(next);
    setOpen(true);
  };
  const content = topicContent(topic, role);
  const entry = (icon: ReactNode, label: string, onClick: () => void) => (
    <li>
      <Button type="text" block className="settings-entry" icon={icon} onClick={onClick}>
        <span className="settings-entry-label">{label}</span>
        <RightOutlined {...decorativeIcon} className="settings-entry-chevron" />
      </Button>
    </li>
  );
  return (
    <Card title={<h2 className="profile-card-title">Account Settings</h2>} className="profile-card">
      <ul className="settings-list">
        {entry(<UserOutlined {...decorativeIcon} />, 'Personal Information', onPersonalInformation)}
        {entry(<LockOutlined {...decorativeIcon} />, 'Password & Security', () => void navigate('/dashboard/password'))}
        {entry(<CreditCardOutlined {...decorativeIcon} />, 'Payment Methods', () => show('payments'))}
        {entry(<BellOutlined {...decorativeIcon} />, 'Notifications', () => show('notifications'))}
      </ul>
      <Modal
        open={open}
        title={content.title}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            Got it
          </Button>
        }
      >
        <div className="settings-topic">{content.body}</div>
      </Modal>
    </Card>
  );
}
