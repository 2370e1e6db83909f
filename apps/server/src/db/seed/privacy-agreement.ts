export const PRIVACY_AGREEMENT = {
  zh: {
    title: "VRF Cloud 隐私协议",
    content: [
      "1. 我们收集的信息：账号邮箱、您填写的个人资料（姓名、电话、地址），以及您管理的项目与设备的运行数据。",
      "2. 信息的用途：提供设备监控、故障分析、维修报告和通知服务；改进产品质量。我们不会出售您的个人信息。",
      "3. 信息的共享：仅在您所属的经销商组织及其关联的上级经销商范围内共享项目与设备数据。",
      "4. 信息的保存：账号存续期间保存；固定式 Hi-Checker 的运行数据保存一年。",
      "5. 您的权利：您可以随时查看、修改个人资料，或联系经销商注销账号。",
      "6. 安全：密码经不可逆加密存储，所有传输均经过加密。",
    ].join("\n\n"),
  },
  en: {
    title: "VRF Cloud Privacy Agreement",
    content: [
      "1. What we collect: your account e-mail, the profile you enter (name, phone, address) and operating data of the projects and devices you manage.",
      "2. Why: to provide device monitoring, fault analysis, repair reports and notifications, and to improve our products. We never sell personal data.",
      "3. Sharing: project and device data are shared only within your distributor organisation and the parent distributor it is associated with.",
      "4. Retention: for as long as the account exists; stationary Hi-Checker data is kept for one year.",
      "5. Your rights: you can view and change your profile at any time, or ask your distributor to close the account.",
      "6. Security: passwords are stored with one-way hashing and all traffic is encrypted.",
    ].join("\n\n"),
  },
};
