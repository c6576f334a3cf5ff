import { Card, Empty, List, Pagination, Typography } from 'antd';
import { entityText, ProfileTags, userActions, type UsersListProps } from './user-rows';

/** The users on a phone: a card each, and the simple pager (a chunk of its own: the desktop draws a table). */
export function UsersCards({ items, loading, total, page, pageSize, onPage, ...actions }: UsersListProps) {
  return (
    <>
      <List
        loading={loading}
        dataSource={items}
        locale={{ emptyText: <Empty description="No se encontraron usuarios" /> }}
        renderItem={(u) => (
          <Card size="small" className="user-card" data-testid={`user-${u.username}`}>
            <div className="user-card-head">
              <div className="user-card-name">
                <Typography.Text strong>
                  {u.first_name} {u.last_name}
                </Typography.Text>
                <Typography.Text type="secondary" className="user-card-sub">
                  {u.username} · {u.email}
                </Typography.Text>
              </div>
            </div>
            <ProfileTags user={u} />
            <Typography.Paragraph type="secondary" className="user-card-entities">
              {entityText(u)}
            </Typography.Paragraph>
            <div className="user-card-actions">{userActions(u, actions)}</div>
          </Card>
        )}
      />
      {total > pageSize && <Pagination simple className="users-pagination" current={page} pageSize={pageSize} total={total} onChange={onPage} />}
    </>
  );
}
