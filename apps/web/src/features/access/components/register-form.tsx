import { useState } from 'react';
import { Button, Form, Input, Space, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import {
  apellidoField,
  codigoField,
  emailField,
  formatPhone,
  msg,
  nombreField,
  nrotelField,
  ownCuitField,
  registerRequest,
  type RegisterRequest,
} from '@portal/contract';
import { zodRule } from '../../../lib/form-rules';
import { errorMessage } from '../../../lib/api';
import { useNotify } from '../../../lib/notify';
import { checkCode, register, resendCode } from '../api/register';
import { login } from '../api/login';

/** Registration: the form, then the SMS code, then automatic login (access.md §4). */
export function RegisterForm() {
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [data, setData] = useState<RegisterRequest | null>(null);
  const [serviceId, setServiceId] = useState('');
  const [busy, setBusy] = useState<'send' | 'check' | 'resend' | null>(null);
  const navigate = useNavigate();
  const notify = useNotify();

  async function handleSend(values: RegisterRequest) {
    setBusy('send');
    try {
      const answer = await register(values);
      setData(values);
      setServiceId(answer.serviceid);
      setStep('code');
      notify.success(answer.title, answer.msg);
    } catch (e) {
      const body = (e as { body?: { title?: string } }).body;
      notify.error(body?.title ?? msg.errorCreacionUsuario, errorMessage(e, msg.errorCreacionUsuario));
    } finally {
      setBusy(null);
    }
  }

  async function handleCheck({ codigo }: { codigo: string }) {
    if (!data) return;
    setBusy('check');
    try {
      const answer = await checkCode(data, codigo.trim(), serviceId);
      notify.success(answer.title, answer.msg);
      await login(registerRequest.parse(data).email, data.password);
      navigate('/welcome/sessions');
    } catch (e) {
      notify.error(msg.errorVerificacionNumero, errorMessage(e, msg.errorVerificacionNumero));
    } finally {
      setBusy(null);
    }
  }

  async function handleResend() {
    if (!data) return;
    setBusy('resend');
    try {
      const answer = await resendCode(data.nrotel, serviceId);
      setServiceId(answer.serviceid);
      notify.success(msg.nuevoCodigoEnviado(formatPhone(data.nrotel.replace(/^\+54/, ''))));
    } catch (e) {
      notify.error(msg.errorEnvioSms, errorMessage(e, ''));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Steps
        size="small"
        orientation="horizontal"
        responsive={false}
        current={step === 'form' ? 0 : 1}
        items={[{ title: 'Sus datos' }, { title: 'Código SMS' }]}
        style={{ marginBottom: 20 }}
      />
      {step === 'form' ? (
        <Form<RegisterRequest> layout="vertical" onFinish={handleSend} requiredMark={false} name="register" initialValues={data ?? undefined}>
          <Form.Item label="Nombre" name="nombre" rules={[zodRule(nombreField)]}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item label="Apellido" name="apellido" rules={[zodRule(apellidoField)]}>
            <Input autoComplete="family-name" />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={[zodRule(emailField)]}>
            <Input type="email" autoComplete="email" autoCapitalize="none" />
          </Form.Item>
          <Form.Item label="Contraseña" name="password" rules={[zodRule(registerRequest.shape.password)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Celular" name="nrotel" rules={[zodRule(nrotelField)]} extra="Código de área sin 0 y número sin 15, 10 dígitos.">
            <Input addonBefore="+54" inputMode="numeric" maxLength={10} autoComplete="tel-national" />
          </Form.Item>
          <Form.Item label="CUIT" name="cuit" rules={[zodRule(ownCuitField)]} extra="El CUIT con el que opera en la cooperativa, sin guiones.">
            <Input inputMode="numeric" maxLength={11} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy === 'send'}>
            Siguiente
          </Button>
        </Form>
      ) : (
        <Form<{ codigo: string }> layout="vertical" onFinish={handleCheck} requiredMark={false} name="register-code">
          <Typography.Paragraph>
            Ingrese el código de 6 dígitos que enviamos por SMS al {data ? formatPhone(data.nrotel.replace(/^\+54/, '')) : ''}.
          </Typography.Paragraph>
          <Form.Item label="Código" name="codigo" rules={[zodRule(codigoField)]}>
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" size="large" style={{ letterSpacing: 6 }} />
          </Form.Item>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button type="primary" htmlType="submit" block size="large" loading={busy === 'check'}>
              Validar
            </Button>
            <Button block onClick={handleResend} loading={busy === 'resend'}>
              Reenviar código
            </Button>
            <Button type="link" block onClick={() => setStep('form')}>
              Corregir mis datos
            </Button>
          </Space>
        </Form>
      )}
    </>
  );
}
