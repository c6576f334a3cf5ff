import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { msg, passwordField, usernameField } from '@portal/contract';
import { zodRule } from '../../../lib/form-rules';
import { errorMessage } from '../../../lib/api';
import { useNotify } from '../../../lib/notify';
import { login } from '../api/login';

type LoginValues = { username: string; password: string };

export function LoginForm() {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const notify = useNotify();

  async function handleFinish(values: LoginValues) {
    setBusy(true);
    try {
      await login(values.username, values.password);
      navigate('/welcome/sessions');
    } catch (e) {
      notify.error(msg.errorAutenticacion, errorMessage(e, msg.credencialesInvalidas));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<LoginValues> layout="vertical" onFinish={handleFinish} requiredMark={false} name="login">
      <Form.Item label="Usuario o email" name="username" rules={[zodRule(usernameField)]}>
        <Input prefix={<UserOutlined />} autoComplete="username" autoCapitalize="none" size="large" />
      </Form.Item>
      <Form.Item label="Contraseña" name="password" rules={[zodRule(passwordField)]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Ingresar
      </Button>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/forgot">¿Olvidaste tu contraseña?</Link>
      </div>
    </Form>
  );
}
