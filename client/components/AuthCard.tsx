import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of the Login and Signup screens. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="auth-page page-container">
      <Card className="auth-card" variant="outlined">
        <div className="auth-card-header">
          <h1 className="auth-title">{title}</h1>
          <p className="auth-lead">{lead}</p>
        </div>
        {children}
        <div className="auth-footer">{footer}</div>
      </Card>
    </div>
  );
}
