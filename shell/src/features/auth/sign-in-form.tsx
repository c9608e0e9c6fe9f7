import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { loginRequestSchema, type LoginRequest } from '@levelup/contracts';
import { serverMessageOf, useAuth, useToast, zodRule } from '@levelup/web-kit';

/** Sign In tab: Username or Email, Password (Auth page; messages word for word). */
export function SignInForm() {
  const { login } = useAuth();
  const notification = useToast();
  const onFinish = (values: LoginRequest) =>
    login.mutate(loginRequestSchema.parse(values), {
      onSuccess: () =>
        notification.success({
          title: 'Welcome back!',
          description: "You've successfully logged in.",
        }),
    });
  return (
    <Form<LoginRequest>
      layout="vertical"
      name="sign-in"
      onFinish={onFinish}
      requiredMark={false}
      validateTrigger="onSubmit"
    >
      {login.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Login failed"
          description={serverMessageOf(login.error, 'Invalid username or password')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        label="Username or Email"
        name="username"
        rules={[zodRule(loginRequestSchema.shape.username)]}
      >
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[zodRule(loginRequestSchema.shape.password)]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        Sign In
      </Button>
    </Form>
  );
}
