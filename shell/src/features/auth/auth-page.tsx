import { Navigate, useSearchParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Divider from 'antd/es/divider';
import Tabs from 'antd/es/tabs';
import { externalSignInNotice } from '@levelup/contracts';
import { loginUrl, PageSpinner, useAuth } from '@levelup/web-kit';
import { useExternalSignIn } from '../../lib/sign-in-href.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/**
 * /auth: external sign-in (when the server has a provider), then Sign In and Sign Up tabs; signed-in
 * visitors go to /dashboard. An external sign-in that did not end signed in comes back here with ?notice=
 * and the page says why.
 */
export function AuthPage() {
  const { isLoading, isSignedIn } = useAuth();
  const external = useExternalSignIn();
  const [params] = useSearchParams();
  const notice = externalSignInNotice(params.get('notice'));
  if (isLoading) return <PageSpinner />;
  if (isSignedIn) return <Navigate to="/dashboard" replace />;
  return (
    <div style={{ maxWidth: 440, margin: '24px auto' }}>
      <Card>
        <h1 style={{ textAlign: 'center', marginTop: 0, fontSize: 28 }}>Join the Community</h1>
        {notice && (
          <Alert type="info" showIcon role="status" title={notice} style={{ marginBottom: 16 }} />
        )}
        {external && (
          <>
            <Button
              block
              size="large"
              // The label wraps on a phone instead of running past the button's edges.
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 40, paddingBlock: 8 }}
              onClick={() => window.location.assign(loginUrl())}
            >
              Continue with an external sign-in provider
            </Button>
            <p style={{ textAlign: 'center', opacity: 0.7, fontSize: 13, marginBottom: 0 }}>
              Supports Google, GitHub, Apple, and more
            </p>
            <Divider plain>or</Divider>
          </>
        )}
        <Tabs
          centered
          items={[
            { key: 'sign-in', label: 'Sign In', children: <SignInForm /> },
            { key: 'sign-up', label: 'Sign Up', children: <SignUpForm /> },
          ]}
        />
        <p style={{ fontSize: 12, opacity: 0.7, textAlign: 'center', marginBottom: 0 }}>
          By continuing you agree to our Terms of Service and Privacy Policy.
        </p>
      </Card>
    </div>
  );
}
