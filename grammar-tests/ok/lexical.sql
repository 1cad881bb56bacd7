/* a block comment */ CREATE TABLE `we``ird name` ( -- trailing comment
  `select` INT, // a slash comment
  ünïcödé STRING, $dollar INT, _under INT, key INT, metadata INT, enforced INT, `value` INT
) COMMENT 'line one
line two' WITH (
  'k' = 'continued ' 'across '
        'lines',
  'u' = U&'\0041\+000042' ,
  'n' = N'national',
  'c' = _UTF8'charset'
);;
create table lower_case (a int not null) with ('connector'='datagen')
