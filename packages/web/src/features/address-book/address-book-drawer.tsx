import { useEffect, useState } from 'react';
import { Drawer, Empty, Input } from 'antd';
import { ADDRESS_DRAWER_WIDTH } from '@oa/shared/constants';

/** 500 wide, 30% when the screen is under 1300 (spec §2). */
function drawerWidth(): number | string {
  return window.innerWidth < 1300 ? '30%' : ADDRESS_DRAWER_WIDTH;
}

/**
 * 办公通讯录 drawer: the frame only (title, width, search box). The department list is filled in by
 * the address-book feature later; until then it shows an empty state.
 */
export function AddressBookDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [width, setWidth] = useState(drawerWidth);
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    const onResize = () => setWidth(drawerWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return (
    <Drawer title="办公通讯录" open={open} onClose={onClose} size={width} placement="right" destroyOnHidden>
      <Input.Search placeholder="搜索" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <Empty style={{ marginTop: 48 }} description={keyword ? '没有找到匹配的联系人' : '暂无通讯录数据'} />
    </Drawer>
  );
}
