-- Installation-wide values shared by every node, such as the generated token signing key.
CREATE TABLE app_setting (
    name VARCHAR(100) PRIMARY KEY,
    setting_value VARCHAR(4000) NOT NULL
);
