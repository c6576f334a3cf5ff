import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { cuitField, msg } from '@portal/contract';
import { zodRule } from '../../lib/form-rules';
import { errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { AuthLayout } from './components/auth-layout';
import { newSession } from './api/sessions';

/** /welcome/new: a company is added to the active sessions by its CUIT. */
export function NewSessionPage() {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();

  async function handleFinish({ cuit }: { cuit: string }) {
    setBusy(true);
    try {
      const answer = await newSession(cuit.trim());
      notify.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
      navigate(`/welcome/sessions?cuit=${answer.empresacuit}`);
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorNuevaSesion));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Nueva sesión">
      <Form<{ cuit: string }> layout="vertical" onFinish={handleFinish} requiredMark={false} name="new-session">
        <Form.Item label="CUIT de la empresa" name="cuit" rules={[zodRule(cuitField)]} extra="11 dígitos, sin guiones.">
          <Input inputMode="numeric" maxLength={11} size="large" autoFocus />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            Agregar sesión
          </Button>
          <Link to="/welcome/sessions">Volver a sesiones activas</Link>
        </Space>
      </Form>
    </AuthLayout>
  );
}
