import type { HelpContent } from './content'

// A ajuda em português: o que o produto faz hoje, cada resposta uma vez (docs/shell.md "The in-app help").
export const pt: HelpContent = [
  {
    id: 'getting-started',
    title: 'Primeiros passos: empresa, filiais e equipe',
    questions: [
      {
        id: 'create-company',
        question: 'Como uma empresa nova começa a usar o Fieldwise?',
        answer: [
          'Quem dirige a empresa se cadastra com nome, e-mail e senha, e o nome, país, moeda, idioma, fuso horário e filial principal da empresa. Um link chega a esse e-mail: ao abri-lo e apertar o botão, a empresa é criada, com sua filial principal e essa pessoa como administrador, e o login é feito. Nada é criado antes de usar o link. Um servidor que uma empresa mantém para si pode ter o cadastro fechado: lá um administrador convida cada pessoa.',
        ],
      },
      {
        id: 'first-steps',
        question: 'O que devo configurar primeiro?',
        answer: [
          'A [página inicial](/view/home) mostra os primeiros passos de uma empresa nova: dar nome à filial e ao seu prefixo de numeração, convidar a equipe, cadastrar o primeiro cliente, cadastrar os serviços que você vende e criar o primeiro orçamento. Cada passo abre a sua tela e fica marcado quando feito.',
        ],
      },
      {
        id: 'company-settings',
        question: 'Onde altero os dados da empresa, a chave Pix e o prazo de pagamento?',
        answer: [
          'Em [Empresas](/view/ac_empresas), abra a sua empresa: nome fantasia e razão social, CNPJ, moeda, idioma, fuso horário, a chave Pix que recebe dos clientes, o prazo de pagamento das faturas e os dias após o vencimento em que uma fatura vencida é lembrada.',
          'Para trocar o logo impresso em orçamentos e faturas, clique no logo acima do seu nome no painel de navegação.',
        ],
      },
      {
        id: 'branches',
        question: 'Como funcionam as filiais?',
        answer: [
          '[Filiais](/view/cd_filial) lista as filiais da sua empresa; uma é a principal. Orçamentos, ordens, visitas e faturas pertencem a uma filial, e os seus números levam o prefixo dela. Clientes e serviços são de todas as filiais.',
          'Escolha a filial em que trabalha no seletor Empresa e filial, no alto da página.',
        ],
      },
      {
        id: 'invite',
        question: 'Como adiciono alguém à equipe?',
        answer: [
          'Em Usuários, [convide uma pessoa](/view/ac_usuarios/new): nome, e-mail, idioma, perfil e filial (ou todas as filiais). A pessoa recebe por e-mail um link para escolher a senha, válido por uma semana. Quem já tem conta vê o convite na página inicial depois de entrar, e aceita ou recusa.',
          'O formulário começa com a filial em que você trabalha e o idioma da empresa, e pede que você escolha o papel. Se o e-mail não chegar (ou não houver servidor de e-mail), abra o cadastro da pessoa: Obter o link do convite dá um link para copiar e enviar você mesmo, e Enviar o convite de novo manda um novo por e-mail; cada link novo substitui os anteriores. A página do convite fala o idioma da pessoa.',
        ],
      },
      {
        id: 'roles',
        question: 'O que cada papel pode fazer?',
        answer: [
          'Um papel é um ponto de partida de acesso às páginas. Administrador: tudo, inclusive usuários e acesso a páginas. Gerente: todas as telas de trabalho, a empresa e as filiais. Despachante: clientes, orçamentos, ordens e o quadro de agendamento. Técnico: as próprias visitas, e consulta clientes, serviços e ordens. Financeiro: faturas, e consulta clientes e ordens.',
          'Para mudar o acesso de uma pessoa a uma página, abra-a em [Usuários](/view/ac_usuarios) e escolha Acesso a páginas.',
        ],
      },
      {
        id: 'no-access',
        question: 'Uma página diz "Acesso negado". E agora?',
        answer: ['O seu papel não inclui essa página. Peça acesso a um administrador da sua empresa.'],
      },
    ],
  },
  {
    id: 'clients-jobs',
    title: 'Clientes e o catálogo de serviços',
    questions: [
      {
        id: 'new-client',
        question: 'Como cadastro um cliente?',
        answer: [
          'Em [Clientes](/view/cd_cliente/new): pessoa (CPF) ou empresa (CNPJ), conferido ao salvar; e-mails e telefones; um ou mais endereços de serviço, um deles o padrão; e o endereço de cobrança quando for outro. O cliente é da empresa e aparece em todas as filiais.',
        ],
      },
      {
        id: 'client-history',
        question: 'Onde vejo os orçamentos, as faturas e quanto um cliente deve?',
        answer: [
          'Abra o cliente em [Clientes](/view/cd_cliente): os orçamentos e as faturas dele aparecem abaixo do formulário, com quanto deve e quanto está vencido.',
        ],
      },
      {
        id: 'remove-client',
        question: 'Posso excluir um cliente?',
        answer: [
          'O cliente é desativado, não excluído, e os orçamentos, ordens e faturas dele ficam. Mostrar inativos na lista o encontra de novo, e Ativar o traz de volta.',
        ],
      },
      {
        id: 'jobs',
        question: 'O que é o catálogo de serviços?',
        answer: [
          '[Serviços](/view/cd_job) são o que você vende: código, nome, unidade (hora, unidade ou visita), preço unitário, imposto %, minutos estimados, as habilidades necessárias e um checklist que o técnico marca no local. Uma linha de orçamento, ordem ou fatura escolhe um serviço pelo código ou nome e usa a descrição e o preço dele.',
        ],
      },
      {
        id: 'no-portal',
        question: 'Os clientes têm conta ou portal?',
        answer: [
          'Não. Os clientes não entram no sistema: cada orçamento e cada fatura enviados têm o seu próprio link, onde o cliente lê, responde ao orçamento ou paga a fatura, e baixa o PDF.',
        ],
      },
    ],
  },
  {
    id: 'quotes',
    title: 'Orçamentos e a aprovação do cliente',
    questions: [
      {
        id: 'new-quote',
        question: 'Como faço um orçamento?',
        answer: [
          'Em [Orçamentos](/view/cd_cotacao/new): escolha o cliente, o endereço do serviço e as linhas — um serviço do catálogo, ou uma linha de texto livre com descrição e preço próprios. Marque uma linha como Opcional para oferecê-la: ela só conta no total quando o cliente a escolhe. Sem data, Válido até é de 30 dias.',
          'Só um rascunho pode ser alterado. Imprima ou baixe o PDF a partir do orçamento.',
        ],
      },
      {
        id: 'send-quote',
        question: 'Como o cliente aprova um orçamento?',
        answer: [
          'Enviar ao cliente cria o link do orçamento. Ele vai por e-mail no idioma do cliente quando o cliente tem e-mail e há um servidor de e-mail configurado; senão, Copiar o link do cliente dá o link para enviar como preferir, e Compartilhar pelo WhatsApp abre uma conversa com o número do cliente marcado WhatsApp (senão, o celular).',
          'No link o cliente marca os itens opcionais que quer, digita o nome e aprova, ou recusa, dizendo o motivo se quiser. O orçamento muda na hora, com o nome e o horário.',
        ],
      },
      {
        id: 'phone-answer',
        question: 'O cliente respondeu por telefone. O que faço?',
        answer: ['Abra o orçamento enviado e escolha Marcar aprovado ou Marcar recusado.'],
      },
      {
        id: 'change-sent',
        question: 'Como altero um orçamento já enviado, ou vencido?',
        answer: [
          'Retire-o: o link deixa de abrir, o orçamento volta a ser rascunho, e você o altera e envia de novo. Um orçamento vence quando a data Válido até passa sem resposta; Duplicar cria um rascunho novo com o mesmo cliente e as mesmas linhas, a partir de qualquer orçamento.',
        ],
      },
      {
        id: 'convert',
        question: 'Como um orçamento aprovado vira ordem de serviço?',
        answer: [
          'Abra-o e escolha Converter em ordem de serviço: a ordem recebe as linhas que o cliente comprou, e o orçamento e a ordem ficam ligados. A [página inicial](/view/home) mostra os orçamentos aprovados a converter e os que aguardam resposta.',
        ],
      },
    ],
  },
  {
    id: 'orders',
    title: 'Ordens de serviço e o quadro de agendamento',
    questions: [
      {
        id: 'new-order',
        question: 'Como crio uma ordem de serviço sem orçamento?',
        answer: [
          'Em [Ordens de serviço](/view/cd_ordem/new): cliente, endereço do serviço, prioridade, o problema relatado, instruções para o técnico, dias de garantia e as linhas.',
        ],
      },
      {
        id: 'order-status',
        question: 'O que significam as situações de uma ordem?',
        answer: [
          'Nova: aguardando data. Agendada: há uma visita marcada. Em andamento: um técnico começou. Concluída: todas as visitas terminaram. Faturada: a fatura dela foi feita. Elas seguem o quadro e as visitas; você não as muda à mão.',
          'Você pode Colocar em espera uma ordem aberta (aguardando peças, o cliente ou uma aprovação) e Retomar, ou Cancelar a ordem antes de faturada.',
        ],
      },
      {
        id: 'schedule',
        question: 'Como agendo uma visita?',
        answer: [
          'Em [Agendamento](/view/cd_ordemagendamento), as ordens aguardando data ficam na bandeja. Arraste uma para o horário de um técnico, ou escolha Agendar e informe o técnico, a data, o início e o fim. O quadro tem as vistas Dia e Semana, e todo quadro aberto mostra uma mudança em segundos.',
          'O quadro lista os técnicos da filial: dê a alguém o papel Técnico em [Usuários](/view/ac_usuarios) para vê-lo ali.',
        ],
      },
      {
        id: 'conflict',
        question: 'E se o técnico já estiver ocupado?',
        answer: [
          'Duas visitas do mesmo técnico não podem se sobrepor: o quadro mostra a outra visita, e você pode escolher Agendar mesmo assim. Agendar fora do horário de trabalho, ou sem uma habilidade que a ordem pede, aparece como aviso. A cor do técnico no quadro, as habilidades, a semana e o horário de trabalho são definidos nele em [Usuários](/view/ac_usuarios).',
        ],
      },
      {
        id: 'move-visit',
        question: 'Como mudo ou cancelo uma visita?',
        answer: [
          'Abra a visita no quadro e escolha Mover, ou Cancelar visita para liberar o horário do técnico. Depois que a visita começou, só o fim dela pode mudar.',
        ],
      },
    ],
  },
  {
    id: 'technician',
    title: 'O dia do técnico',
    questions: [
      {
        id: 'my-day',
        question: 'Onde vejo as minhas visitas?',
        answer: [
          'A sua [página inicial](/view/home) mostra o seu dia, e [Trabalho técnico](/view/cd_techorders) lista as visitas de hoje até duas semanas à frente. Uma visita mostra o cliente, o endereço (que abre o mapa), o telefone, o problema relatado e as instruções.',
        ],
      },
      {
        id: 'visit-steps',
        question: 'Quais botões uso durante uma visita?',
        answer: [
          'Estou a caminho (o cliente recebe um e-mail avisando que você está indo; se não der, o escritório é avisado), Cheguei ao local (começa o tempo no local), Pausar e Retomar o trabalho, e Concluí (termina o tempo no local).',
          'Quando o trabalho não pode ser terminado, escolha Não foi possível concluir e diga o motivo: a ordem volta a aguardar uma nova data.',
        ],
      },
      {
        id: 'visit-record',
        question: 'O que registro no local?',
        answer: [
          'Marque o checklist, escreva o relatório do trabalho, adicione as peças usadas (os produtos da empresa, pelo preço deles), adicione fotos de antes e depois, e peça ao cliente que assine no quadro com o dedo. Concluí avisa quando falta o checklist ou a assinatura.',
          'Quando todas as visitas de uma ordem terminam, a ordem fica concluída; o PDF da ordem de serviço mostra o trabalho de cada visita e a assinatura.',
        ],
      },
      {
        id: 'visit-fix',
        question: 'Os horários de uma visita estão errados. Quem corrige?',
        answer: [
          'Depois que a visita termina, o técnico não pode mais alterá-la. O escritório a abre (pelas Visitas da ordem) e usa Corrigir os horários; o histórico da visita guarda a mudança.',
        ],
      },
    ],
  },
  {
    id: 'invoices',
    title: 'Faturas e pagamentos',
    questions: [
      {
        id: 'make-invoice',
        question: 'Como faturo um trabalho concluído?',
        answer: [
          'Abra a ordem concluída em [Ordens de serviço](/view/cd_ordem) e escolha Faturar: é criada uma fatura em rascunho com as linhas, as peças usadas e cada visita. Para faturar várias ordens de um cliente de uma vez, crie uma fatura em [Faturas](/view/cd_invoice/new), escolha o cliente e marque as ordens concluídas em Ordens a faturar; ou faça uma à mão só com linhas.',
          'Confira o rascunho e escolha Emitir: a fatura recebe a data de hoje e o vencimento (o que você digitou, ou o prazo de pagamento da empresa).',
        ],
      },
      {
        id: 'send-invoice',
        question: 'Como o cliente recebe a fatura?',
        answer: [
          'Enviar ao cliente manda o link da fatura por e-mail quando possível; senão, Copiar o link do cliente, ou Compartilhar pelo WhatsApp no número de WhatsApp ou celular do cliente. No link o cliente vê a fatura, quanto falta pagar e as formas de pagamento, e baixa o PDF.',
        ],
      },
      {
        id: 'pix',
        question: 'Os clientes podem pagar por Pix?',
        answer: [
          'Sim, quando a sua empresa tem uma chave Pix (em [Empresas](/view/ac_empresas)) e a fatura é em reais: o link do cliente e o PDF mostram um QR code Pix e o código copia e cola do valor em aberto.',
          'Nenhum banco está ligado ao sistema: quando o Pix cair na sua conta, registre-o como pagamento.',
        ],
      },
      {
        id: 'card',
        question: 'Os clientes podem pagar com cartão?',
        answer: [
          'Só quando quem administra o seu servidor configurou um provedor de pagamento com cartão. Aí o link oferece pagar com cartão, e o pagamento confirmado pelo provedor é registrado na fatura sozinho.',
        ],
      },
      {
        id: 'boleto',
        question: 'O sistema emite boletos ou lê a minha conta bancária?',
        answer: [
          'Não. Ele não emite boletos e não está ligado a nenhum banco. Boleto é uma das formas que você escolhe ao registrar um pagamento recebido.',
        ],
      },
      {
        id: 'record-payment',
        question: 'Como registro um pagamento?',
        answer: [
          'Abra a fatura em [Faturas](/view/cd_invoice) e use Registrar pagamento: valor, forma (dinheiro, cartão, Pix, transferência ou boleto), data (hoje se vazia, nunca no futuro) e uma referência. Uma fatura aceita vários pagamentos, nunca acima do valor em aberto; ela fica paga em parte, depois paga.',
          'Um pagamento errado é estornado com um motivo, nunca apagado.',
        ],
      },
      {
        id: 'overdue',
        question: 'O que acontece quando uma fatura vence?',
        answer: [
          'Depois do vencimento ela aparece como Vencida, e a [página inicial](/view/home) a mostra. Quando a sua empresa tem dias de lembrete (como 1, 7, 14, em [Empresas](/view/ac_empresas)), o cliente recebe por e-mail o link da fatura uma vez em cada um desses dias após o vencimento; a fatura lista cada lembrete.',
        ],
      },
      {
        id: 'void',
        question: 'Como cancelo uma fatura?',
        answer: [
          'Use Cancelar a fatura, com um motivo, enquanto nada foi pago nela (estorne os pagamentos antes). As ordens dela podem então ser faturadas de novo.',
        ],
      },
    ],
  },
  {
    id: 'money',
    title: 'Contas, despesas e relatórios',
    questions: [
      {
        id: 'accounts',
        question: 'Para onde vai o dinheiro que recebo?',
        answer: [
          'Para as suas [Contas](/view/cd_contas): o caixa, o banco, a adquirente de cartões… cada uma com as formas de pagamento que recebe por padrão. Ao registrar um pagamento, escolha a conta ou deixe a conta padrão da forma de pagamento.',
          'O saldo de uma conta é o saldo inicial mais o que entrou menos o que saiu; nunca é digitado à mão.',
        ],
      },
      {
        id: 'statement',
        question: 'Como transfiro dinheiro entre contas e confiro com o banco?',
        answer: [
          'Na página de uma conta, Transferir para outra conta tira um valor dela e põe na outra (do caixa para o banco): um saldo desce e o outro sobe. Uma transferência feita por engano é desfeita com outra de volta.',
          'Em Extrato bancário, importe o arquivo OFX que o seu banco exporta. Cada linha mostra o recebimento, a conta paga ou a transferência do mesmo valor registrada em até três dias: Confirmar. Uma linha sem correspondência vira recebimento de uma fatura em aberto ou conta paga (uma tarifa do banco). Uma linha importada antes é indicada e não entra duas vezes.',
        ],
      },
      {
        id: 'bills',
        question: 'Como controlo as contas que tenho a pagar?',
        answer: [
          'Cadastre-as em [Financeiro](/view/cd_financeiro/new): fornecedor, categoria, valor, vencimento e se repete todo mês ou todo ano. Uma conta em aberto com o vencimento passado aparece como Vencida.',
          'Pagar esta conta registra o dia e a conta de onde o dinheiro saiu. Uma conta mensal ou anual cria então a próxima sozinha. Uma conta lançada por engano é anulada com um motivo.',
          'Na página da conta, anexe o próprio documento: um PDF ou uma foto tirada com o celular.',
        ],
      },
      {
        id: 'reports',
        question: 'Onde vejo o faturamento, o que os clientes devem e o fluxo de caixa?',
        answer: [
          'Em [Relatórios](/view/cd_reports): o faturamento mês a mês do período que você escolher, o que cada cliente deve conforme o atraso o fluxo de caixa por mês ou semana com o previsto pelas faturas e contas em aberto, quantos orçamentos foram enviados e aprovados a cada mês, o que cada serviço trouxe e as ordens em aberto por status e idade. Cada um tem um gráfico, uma tabela e Exportar CSV para a sua planilha.',
          'A [página inicial](/view/home) mostra o faturamento deste mês ao lado do mês passado, as ordens que aguardam fatura e as visitas de hoje.',
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'A sua conta e como encontrar as coisas',
    questions: [
      {
        id: 'password',
        question: 'Como altero a minha senha?',
        answer: [
          'No seu [Perfil](/view/myaccount), em Alterar senha; as suas outras sessões são encerradas. Se esqueceu, escolha Esqueceu a senha? na página de entrada para receber um link por e-mail.',
        ],
      },
      {
        id: 'language',
        question: 'Como mudo o idioma?',
        answer: [
          'Escolha no seletor Idioma, no alto da página, ou no seu [Perfil](/view/myaccount). Orçamentos e faturas chegam ao cliente no idioma do cliente escolhido neles, ou senão no da empresa.',
        ],
      },
      {
        id: 'appearance',
        question: 'Posso usar a tela escura?',
        answer: [
          'Sim: o menu do usuário (a sua foto no alto) alterna entre Claro, Escuro e Automático, que segue o seu aparelho. O seu [Perfil](/view/myaccount) também tem as cores do tema, o seu nome, foto e status.',
        ],
      },
      {
        id: 'search',
        question: 'Como encontro rápido um cliente ou um documento?',
        answer: [
          'Digite pelo menos 2 letras na busca no alto da página: ela encontra clientes, orçamentos, ordens de serviço, faturas e páginas. Cada lista também tem a sua busca, e Exportar CSV a baixa.',
        ],
      },
    ],
  },
]
