import { BellOutlined, CreditCardOutlined, LockOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { Role } from '../../api/types.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { useLocalePath, useT, type MessageId } from '../../app/i18n.js';

type Topic = 'payments' | 'notifications';

/**
 * Password & Security leads to the password page (/dashboard/password).
 * The spec shows the other settings as placeholders. Rather than dead buttons, each says what exists today and how
 * to get help: nothing here pretends to change a setting.
 */
function useTopicContent(topic: Topic, role: Role): { title: string; body: ReactNode } {
  const t = useT();
  const lp = useLocalePath();
  const links = {
    contact: (chunks: ReactNode[]) => (
      <Link key="contact" to={lp('/contact')}>
        {chunks}
      </Link>
    ),
    rentals: (chunks: ReactNode[]) => (
      <Link key="rentals" to="/dashboard/rentals">
        {chunks}
      </Link>
    ),
  };
  switch (topic) {
    case 'payments':
      return {
        title: t('profile.settings.payments'),
        body: (
          <>
            <p>{t('profile.settings.paymentsText')}</p>
            <p>
              <FormattedMessage id={'profile.settings.paymentsHelp' satisfies MessageId} values={{ role, ...links }} />
            </p>
          </>
        ),
      };
    case 'notifications':
      return {
        title: t('profile.settings.notifications'),
        body: (
          <>
            <p>{t('profile.settings.notificationsText')}</p>
            <p>
              <FormattedMessage id={'profile.settings.notificationsHelp' satisfies MessageId} values={{ role, ...links }} />
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
  const t = useT();
  const content = useTopicContent(topic, role);
  const entry = (icon: ReactNode, label: string, onClick: () => void) => (
    <li>
      <Button type="text" block className="settings-entry" icon={icon} onClick={onClick}>
        <span className="settings-entry-label">{label}</span>
        <RightOutlined {...decorativeIcon} className="settings-entry-chevron" />
      </Button>
    </li>
  );
  return (
    <Card title={<h2 className="profile-card-title">{t('profile.settings.title')}</h2>} className="profile-card">
      <ul className="settings-list">
        {entry(<UserOutlined {...decorativeIcon} />, t('profile.personalInformation'), onPersonalInformation)}
        {entry(<LockOutlined {...decorativeIcon} />, t('profile.settings.password'), () => void navigate('/dashboard/password'))}
        {entry(<CreditCardOutlined {...decorativeIcon} />, t('profile.settings.payments'), () => show('payments'))}
        {entry(<BellOutlined {...decorativeIcon} />, t('profile.settings.notifications'), () => show('notifications'))}
      </ul>
      <Modal
        open={open}
        title={content.title}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('profile.settings.gotIt')}
          </Button>
        }
      >
        <div className="settings-topic">{content.body}</div>
      </Modal>
    </Card>
  );
}
