import { useState } from 'react';
import { Button, Form, Input, Space, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { mailField, msg, newPasswordField } from '@portal/contract';
import { sameAs, zodRule } from '../../lib/form-rules';
import { errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { AuthLayout } from './components/auth-layout';
import { changePassword, sendRecoveryMail } from './api/recovery';

/** /forgot (the e-mail step) and /forgot/{hash} (the new password). */
export function ForgotPage() {
  const { hash } = useParams();
  return <AuthLayout title={msg.recuperoTitulo}>{hash ? <ChangeStep hash={hash} /> : <MailStep />}</AuthLayout>;
}

function MailStep() {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  async function handleFinish({ mail }: { mail: string }) {
    setBusy(true);
    try {
      const answer = await sendRecoveryMail(mail);
      notify.success(answer.title, answer.msg, 9);
    } catch (e) {
      notify.error(msg.errorAutenticacion, errorMessage(e, ''), 9);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Form<{ mail: string }> layout="vertical" onFinish={handleFinish} requiredMark={false} name="forgot">
      <Typography.Paragraph type="secondary">Le enviaremos un enlace para elegir una nueva contraseña.</Typography.Paragraph>
      <Form.Item label="Email" name="mail" rules={[zodRule(mailField)]} normalize={(v: string) => v.trim().toLowerCase()}>
        <Input type="email" autoComplete="email" autoCapitalize="none" size="large" />
      </Form.Item>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {busy ? 'Enviando...' : 'Enviar email de recuperación'}
        </Button>
        <Link to="/welcome">Volver a iniciar sesión</Link>
      </Space>
    </Form>
  );
}

function ChangeStep({ hash }: { hash: string }) {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  async function handleFinish({ pass, checkPass }: { pass: string; checkPass: string }) {
    setBusy(true);
    try {
      const answer = await changePassword(hash, pass, checkPass);
      notify.success(answer.title, answer.msg, 9);
      navigate('/welcome');
    } catch (e) {
      notify.error(msg.errorCambiarPassword, errorMessage(e, ''), 9);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Form<{ pass: string; checkPass: string }> layout="vertical" onFinish={handleFinish} requiredMark={false} name="forgot-change">
      <Form.Item label="Nueva contraseña" name="pass" rules={[zodRule(newPasswordField)]}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item label="Repetir contraseña" name="checkPass" dependencies={['pass']} rules={[sameAs('pass', msg.contraseniasNoCoinciden)]}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {busy ? 'Cambiando...' : 'Cambiar'}
        </Button>
        <Link to="/welcome">Volver a iniciar sesión</Link>
      </Space>
    </Form>
  );
}
