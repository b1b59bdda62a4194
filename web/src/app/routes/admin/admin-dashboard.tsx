import { useEffect } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { PurchasesCard } from '@/features/admin-payments/components/purchases-card';

const SECTIONS = [
  {
    to: '/admin/prompts',
    title: 'Prompt Management',
    description:
      'Edit the prompts that drive the palm reading and the visual analysis, restore earlier versions and try them on a photo.',
    glyph: 'ॐ',
  },
  {
    to: '/admin/flows',
    title: 'Flow Management',
    description:
      'Build the question flows visitors answer, send them live and split traffic between them for A/B tests.',
    glyph: '✋',
  },
] as const;

export default function AdminDashboardRoute() {
  useEffect(() => {
    document.title = 'Admin dashboard — Hastrekha';
  }, []);

  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="eyebrow">Operator area</p>
          <h1>Admin Dashboard</h1>
          <p className="admin-heading__lead">
            Manage the prompts and question flows behind every reading, and see what was bought.
          </p>
        </div>
      </div>
      <div className="admin-dashboard">
        {SECTIONS.map((section) => (
          <Card key={section.to} className="admin-dashboard__card">
            <span className="admin-dashboard__glyph devanagari" aria-hidden="true">
              {section.glyph}
            </span>
            <h2>
              <Link to={section.to} className="admin-dashboard__link">
                {section.title}
              </Link>
            </h2>
            <p>{section.description}</p>
            <span className="admin-dashboard__cta" aria-hidden="true">
              Open →
            </span>
          </Card>
        ))}
        <PurchasesCard />
      </div>
    </>
  );
}
