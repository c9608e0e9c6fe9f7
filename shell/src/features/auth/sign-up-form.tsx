import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import {
  SIGN_UP_PRIVACY_NOTE,
  registerRequestSchema,
  type RegisterRequest,
} from '@levelup/contracts';
import { browserTimeZone, serverMessageOf, useAuth, useToast, zodRule } from '@levelup/web-kit';

type SignUpValues = Omit<RegisterRequest, 'timeZone'>;

/** Sign Up tab: Display Name, Username, Email, Password; Create Account. */
export function SignUpForm() {
  const { register } = useAuth();
  const notification = useToast();
  const shape = registerRequestSchema.shape;
  const onFinish = (values: SignUpValues) => {
    const timeZone = browserTimeZone();
    register.mutate(registerRequestSchema.parse({ ...values, ...(timeZone ? { timeZone } : {}) }), {
      onSuccess: () =>
        notification.success({
          title: 'Account created!',
          description: 'Welcome to Level Up. Your adventure starts now.',
        }),
    });
  };
  return (
    <Form<SignUpValues>
      layout="vertical"
      name="sign-up"
      onFinish={onFinish}
      requiredMark={false}
      validateTrigger="onSubmit"
    >
      {register.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Registration failed"
          description={serverMessageOf(register.error, 'An error occurred during registration')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label="Display Name" name="displayName" rules={[zodRule(shape.displayName)]}>
        <Input autoComplete="nickname" />
      </Form.Item>
      <Form.Item label="Username" name="username" rules={[zodRule(shape.username)]}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={[zodRule(shape.email)]}>
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[zodRule(shape.password)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <p style={{ marginTop: 0, fontSize: 13 }}>{SIGN_UP_PRIVACY_NOTE}</p>
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        Create Account
      </Button>
    </Form>
  );
}
