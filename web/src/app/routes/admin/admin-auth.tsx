import { useEffect } from 'react';
import { BrandLockup } from '@/components/layout/brand-lockup';
import { AdminSignIn } from '@/features/admin-auth/components/admin-sign-in';
import './admin.css';

export default function AdminAuthRoute() {
  useEffect(() => {
    document.title = 'Operator sign-in — Hastrekha';
  }, []);

  return (
    <div className="admin-auth">
      <header className="admin-auth__brand">
        <BrandLockup withTagline={false} />
      </header>
      <main id="main" className="admin-auth__main">
        <AdminSignIn />
      </main>
    </div>
  );
}
